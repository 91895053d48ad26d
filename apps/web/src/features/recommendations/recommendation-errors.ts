import { ServerError, userMessage } from '../../lib/api-errors';

/** 410 RECOMMENDATION_LINK_INVALID: the link expired, was used or was replaced; the page says so instead of its form. */
export function isLinkInvalid(error: unknown): error is ServerError {
  return error instanceof ServerError && error.code === 'RECOMMENDATION_LINK_INVALID';
}

/**
 * 400 BAD_REQUEST from …/open: its body holds nothing but the token, so the
 * server could not read the link (cut short or mangled on its way from the e-mail).
 */
export function isLinkBroken(error: unknown): boolean {
  return error instanceof ServerError && error.code === 'BAD_REQUEST';
}

/** The messages to show at a field for a refused call: the server's for that field, else its message. */
export function fieldMessages(error: unknown, field: string): string[] {
  const own = error instanceof ServerError ? error.errors?.[field] : undefined;
  return own && own.length > 0 ? own : [userMessage(error)];
}
