import type { FastifyRequest } from 'fastify';
import { AppError } from './app-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery guard: a call that changes state must come from
 * the product's own pages. Browsers say so in Sec-Fetch-Site; older ones send
 * Origin. A request with neither is refused, so API clients send Origin.
 */
export function assertSameOrigin(request: FastifyRequest, publicOrigin: string): void {
  const site = request.headers['sec-fetch-site'];
  if (typeof site === 'string') {
    if (site === 'same-origin') return;
    throw new AppError('FORBIDDEN_ORIGIN');
  }
  if (request.headers.origin === publicOrigin) return;
  throw new AppError('FORBIDDEN_ORIGIN');
}

export function changesState(request: FastifyRequest, stateChangingGets: ReadonlySet<string>): boolean {
  return !SAFE_METHODS.has(request.method) || stateChangingGets.has(request.routeOptions.url ?? '');
}
