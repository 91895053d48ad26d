import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps';
import { AppError } from '../http/app-error';
import { clearSessionCookies, readSessionCookie } from './session-cookies';
import { resumeSession, type Session } from './session-store';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | undefined;
  }
  interface FastifyContextConfig {
    /**
     * The route checks the session in the same statement as its own read
     * (GET /api/profile), so the preHandler leaves it alone: one round trip.
     */
    checksSessionItself?: boolean;
  }
}

/** preHandler for /api: a live session or 401, with the stale cookies cleared so the web app sees it is logged out. */
export function requireSession(deps: AppDeps) {
  const secure = deps.config.publicUrl.protocol === 'https:';
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.checksSessionItself) return;
    const id = readSessionCookie(request, secure);
    request.session = id ? await resumeSession(deps, id, request.arrivedAt) : undefined;
    if (!request.session) {
      clearSessionCookies(reply, secure);
      throw new AppError('UNAUTHORIZED');
    }
  };
}

/** 401 with the stale cookies cleared: what every /api call answers without a live session. */
export function refuseWithoutSession(deps: AppDeps, reply: FastifyReply): never {
  clearSessionCookies(reply, deps.config.publicUrl.protocol === 'https:');
  throw new AppError('UNAUTHORIZED');
}

export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw new AppError('UNAUTHORIZED');
  return request.session;
}
