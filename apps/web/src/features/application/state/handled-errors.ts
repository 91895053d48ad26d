import { ServerError, UnauthorizedError } from '../../../lib/api-errors';

/** 409 APPLICATION_SUBMITTED: the application became final (another tab, another device). */
export function isSubmittedConflict(error: unknown): boolean {
  return error instanceof ServerError && error.code === 'APPLICATION_SUBMITTED';
}

/** 409 APPLICATION_CHANGED: another tab opened a different application (issue 42); the site's notice says so. */
export function isApplicationChanged(error: unknown): boolean {
  return error instanceof ServerError && error.code === 'APPLICATION_CHANGED';
}

/**
 * Errors another part of the app already deals with, so a caller shows
 * nothing: a 401 goes to /login (query client), after a 409 the profile
 * is fetched again and the redirect rules show /completion, and a refused
 * application is the notice above the page, with its Reload button.
 */
export function isHandledElsewhere(error: unknown): boolean {
  return error instanceof UnauthorizedError || isSubmittedConflict(error) || isApplicationChanged(error);
}

/** 422 APPLICATION_INCOMPLETE from the submit call, with the server's errors. */
export function incompleteErrors(error: unknown): Record<string, string[]> | undefined {
  return error instanceof ServerError && error.code === 'APPLICATION_INCOMPLETE' ? (error.errors ?? {}) : undefined;
}
