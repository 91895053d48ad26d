import { escapeHtml } from '@admissions/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error';

/** The refusals a sign-in (or sign-out) through the identity provider ends with, as the browser sees them. */
const TITLES: Partial<Record<AppError['code'], string>> = {
  SSO_MEMBER_UNKNOWN: 'Not a member of the team',
  SSO_FAILED: 'Sign-in not completed',
  SERVICE_UNAVAILABLE: 'Sign-in unavailable',
  FORBIDDEN_ORIGIN: 'Request refused',
};

/**
 * A browser lands here from the identity provider (or on its way there), by a top-level navigation: it needs a
 * page, not JSON, to say what went wrong and lead back to the sign-in page. An API client that asks for JSON
 * only gets the product's error shape. The page is self-contained (no script, no style: the page policy's CSP).
 */
export function sendSsoError(request: FastifyRequest, reply: FastifyReply, error: AppError): FastifyReply {
  reply.status(error.statusCode).header('cache-control', 'no-store');
  if (error.retryAfterSeconds !== undefined) reply.header('retry-after', String(error.retryAfterSeconds));
  if (wantsJson(request)) return reply.send(error.toBody());
  return reply.type('text/html; charset=utf-8').send(ssoErrorPage(error));
}

/** Whether the caller asked for JSON and not for a page (a browser's navigation always accepts text/html). */
function wantsJson(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? '';
  return accept.includes('application/json') && !accept.includes('text/html');
}

export function ssoErrorPage(error: AppError): string {
  const title = TITLES[error.code] ?? 'Sign-in not completed';
  return [
    '<!DOCTYPE html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body><main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(error.message)}</p>`,
    '<p><a href="/login">Back to the sign-in page</a></p>',
    '</main></body>',
    '</html>',
  ].join('\n');
}
