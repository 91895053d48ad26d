import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  APPLICATION_ID_HEADER,
  APPLICATION_ID_PARAM,
  APPLICATIONS_PATH,
  DELETE_ACCOUNT_PATH,
  MY_DATA_PATH,
} from '@admissions/domain';
import { AppError } from '../http/app-error';
import { isUuid } from '../http/is-uuid';

/**
 * Calls about the account as a whole, whichever application is open: a tab that is out of date may still
 * download the data, delete the account, stay signed in or sign out.
 */
const ACCOUNT_CALLS = new Set([MY_DATA_PATH, DELETE_ACCOUNT_PATH, '/api/keep-alive', '/api/logout']);

/**
 * The application a form call was loaded for (issue 42): the X-Application-Id
 * header, or for a plain link (a PDF) the `application` query parameter, or
 * undefined when the client names none (SPEC's clients do not). A value that
 * is no id is refused rather than read as "none".
 */
export function namedApplication(request: FastifyRequest): string | undefined {
  const value =
    request.headers[APPLICATION_ID_HEADER] ??
    (request.query as Record<string, unknown> | undefined)?.[APPLICATION_ID_PARAM];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !isUuid(value)) throw new AppError('BAD_REQUEST');
  return value.toLowerCase();
}

/**
 * After the session check: a call naming an application other than the one
 * the session has open now answers 409 APPLICATION_CHANGED, so two tabs on two
 * applications never write into (or read as) each other. Every answer names
 * the application it acted on. The calls that list and switch applications
 * are exempt: choosing another one is what they are for.
 */
export function checkNamedApplication(request: FastifyRequest, reply: FastifyReply): void {
  const session = request.session;
  if (!session) return;
  const url = request.routeOptions.url ?? '';
  if (!url.startsWith(APPLICATIONS_PATH) && !ACCOUNT_CALLS.has(url)) {
    const named = namedApplication(request);
    if (named !== undefined && named !== session.userId) throw new AppError('APPLICATION_CHANGED');
  }
  reply.header(APPLICATION_ID_HEADER, session.userId);
}
