import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { clearSessionCookies, readSessionCookie } from './session-cookies';
import { resumeSession, type Session } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | undefined;
  }
}

/** preHandler for /api: a live session or 401, with the stale cookies cleared so the web app sees it is logged out. */
export function requireSession(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const id = readSessionCookie(request, secure);
    request.session = id ? await resumeSession(deps, id) : undefined;
    if (!request.session) {
      clearSessionCookies(reply, secure);
      throw new AppError('UNAUTHORIZED');
    }
  };
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}
