import { warmPasswordLists } from './common-passwords';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ACCOUNT_SUCCESS_MESSAGES } from '@admissions/domain';
import {
  confirmBody,
  forgotPasswordBody,
  loginBody,
  resendConfirmBody,
  resetPasswordBody,
  signupBody,
} from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import type { AccountClient } from './client';
import { confirm } from './confirm';
import { ensureDevice } from './device-cookie';
import { forgotPassword } from './forgot-password';
import { login } from './login';
import { resendConfirm } from './resend-confirm';
import { resetPassword } from './reset-password';
import { sessionOf } from '../../session/require-session';
import { clearSessionCookies, readSessionCookie, setSessionCookies } from '../../session/session-cookies';
import { endSession } from '../../session/session-store';
import { hashToken } from '../../session/secrets';
import { signup } from './signup';

/** The public account calls of SPEC section 7 (mounted under /public). */
export function publicAccountRoutes(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  // Every account call gives the browser a device cookie (device-cookie.ts), so codes and trust can be tied to it.
  const client = (req: FastifyRequest, reply: FastifyReply): AccountClient => ({
    ip: req.ip,
    device: ensureDevice(req, reply, deps).hash,
  });
  return async (app: FastifyInstance) => {
    // A production server builds the common-password dictionaries once ready, not during its first sign-ups.
    if (deps.config.env === 'production')
      app.addHook('onReady', async () => {
        warmPasswordLists().catch((err: unknown) => app.log.warn({ err }, 'password dictionaries could not be loaded'));
      });
    app.post('/signup', (req, reply) => signup(deps, parseBody(signupBody, req.body), client(req, reply)));
    app.post('/confirm', (req, reply) => confirm(deps, parseBody(confirmBody, req.body), client(req, reply)));
    app.post('/resend-confirm', (req, reply) =>
      resendConfirm(deps, parseBody(resendConfirmBody, req.body), client(req, reply)),
    );
    app.post('/forgot-password', (req, reply) =>
      forgotPassword(deps, parseBody(forgotPasswordBody, req.body), client(req, reply)),
    );
    app.post('/reset-password', (req, reply) => {
      const current = readSessionCookie(req, secure);
      return resetPassword(
        deps,
        parseBody(resetPasswordBody, req.body),
        client(req, reply),
        current && hashToken(current),
      );
    });
    app.post('/login', async (req, reply) => {
      const previous = readSessionCookie(req, secure);
      if (previous) await endSession(deps, previous);
      const result = await login(deps, parseBody(loginBody, req.body), client(req, reply));
      setSessionCookies(reply, result.sessionId, secure);
      return result.body;
    });
  };
}

/** GET /api/logout: revokes the session on the server, then clears the cookies. */
export function logoutRoute(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (app: FastifyInstance) => {
    app.get('/logout', async (req, reply) => {
      sessionOf(req);
      await endSession(deps, readSessionCookie(req, secure)!);
      clearSessionCookies(reply, secure);
      return { message: ACCOUNT_SUCCESS_MESSAGES.logout };
    });
  };
}
