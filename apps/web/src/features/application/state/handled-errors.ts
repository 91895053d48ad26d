import { ServerError, UnauthorizedError } from '../../../lib/api-errors';

/** 409 APPLICATION_SUBMITTED: the application became final (another tab, another device). */
export function isSubmittedConflict(error: unknown): boolean {
  return error instanceof ServerError && error.code === 'APPLICATION_SUBMITTED';
}

/**
 * Errors another part of the app already deals with, so a caller shows
 * nothing: a 401 goes to /login (query client), and after a 409 the profile
 * is fetched again and the redirect rules show /completion.
 */
export function isHandledElsewhere(error: unknown): boolean {
  return error instanceof UnauthorizedError || isSubmittedConflict(error);
}

/** 422 APPLICATION_INCOMPLETE from the submit call, with the server's errors. */
export function incompleteErrors(error: unknown): Record<string, string[]> | undefined {
  return error instanceof ServerError && error.code === 'APPLICATION_INCOMPLETE' ? (error.errors ?? {}) : undefined;
}
