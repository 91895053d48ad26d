import type { FastifyInstance } from 'fastify';
import {
  ACCOUNT_SUCCESS_MESSAGES,
  confirmBody,
  forgotPasswordBody,
  loginBody,
  resendConfirmBody,
  resetPasswordBody,
  SESSION_COOKIE,
  signupBody,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { confirm } from './confirm';
import { forgotPassword } from './forgot-password';
import { login } from './login';
import { resendConfirm } from './resend-confirm';
import { resetPassword } from './reset-password';
import { sessionOf } from './require-session';
import { clearSessionCookies, setSessionCookies } from './session-cookies';
import { endSession } from './session-store';
import { hashToken } from './secrets';
import { signup } from './signup';

/** The public account calls of SPEC section 7 (mounted under /public). */
export function publicAccountRoutes(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (app: FastifyInstance) => {
    app.post('/signup', (req) => signup(deps, parseBody(signupBody, req.body), req.ip));
    app.post('/confirm', (req) => confirm(deps, parseBody(confirmBody, req.body), req.ip));
    app.post('/resend-confirm', (req) => resendConfirm(deps, parseBody(resendConfirmBody, req.body), req.ip));
    app.post('/forgot-password', (req) => forgotPassword(deps, parseBody(forgotPasswordBody, req.body), req.ip));
    app.post('/reset-password', (req) => {
      const current = req.cookies[SESSION_COOKIE];
      return resetPassword(deps, parseBody(resetPasswordBody, req.body), req.ip, current && hashToken(current));
    });
    app.post('/login', async (req, reply) => {
      const previous = req.cookies[SESSION_COOKIE];
      if (previous) await endSession(deps, previous);
      const result = await login(deps, parseBody(loginBody, req.body), req.ip);
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
      await endSession(deps, req.cookies[SESSION_COOKIE]!);
      clearSessionCookies(reply, secure);
      return { message: ACCOUNT_SUCCESS_MESSAGES.logout };
    });
  };
}
