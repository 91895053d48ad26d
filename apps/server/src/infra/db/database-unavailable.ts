/**
 * Whether an error means "the database cannot be reached or did not answer in
 * time" rather than "this query is wrong": the first is answered 503 with
 * Retry-After (the client should simply try again, and the pool reconnects by
 * itself), the second stays a masked 500.
 */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Query read timeout',
  'Connection ended unexpectedly',
  'Client has encountered a connection error',
  'connection timeout',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  // SQLSTATE class 08: connection exception; 57P01-57P03: shutdown, crash, cannot connect now;
  // 57014: cancelled by statement_timeout.
  if (code.startsWith('08') || ['57P01', '57P02', '57P03', '57014', '53300'].includes(code)) return true;
  if (NETWORK_CODES.has(code)) return true;
  const message = typeof e.message === 'string' ? e.message : '';
  return MESSAGES.some((m) => message.includes(m));
}

/** Seconds a client is asked to wait before trying again during an outage. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
