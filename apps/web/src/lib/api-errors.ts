import { GENERIC_ERROR_MESSAGE, SESSION_INVALID_MESSAGE, type ErrorCode } from '@admissions/domain';

/** Every failure of a call made through the api client is one of these. */
export abstract class ApiError extends Error {
  abstract readonly status: number;
}

/** 401: the session is missing or expired (SPEC section 7). */
export class UnauthorizedError extends ApiError {
  override readonly name = 'UnauthorizedError';
  readonly status = 401;

  constructor() {
    super(SESSION_INVALID_MESSAGE);
  }
}

/**
 * Any other failure: a non-OK status, a non-JSON answer or no answer at all
 * (status 0). `message` is always fit to show the user.
 */
export class ServerError extends ApiError {
  override readonly name = 'ServerError';
  readonly status: number;
  /** The server's stable error code, when it sent one; branch on this, never on the message. */
  readonly code: ErrorCode | undefined;
  /** Field key to messages, for validation failures. */
  readonly errors: Record<string, string[]> | undefined;
  /** On a 404: the id the item asked for has now (the server's `moved_to`). */
  readonly movedTo: string | undefined;
  /** The refusal's JSON body as it came, for a code whose body carries more (CONFIRM_COUNT_MISMATCH's `count`). */
  readonly body: Readonly<Record<string, unknown>> | undefined;
  /** The answer's Retry-After, in seconds: how long a refusal such as LOGIN_LOCKED lasts. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    status: number,
    message = GENERIC_ERROR_MESSAGE,
    code?: ErrorCode,
    errors?: Record<string, string[]>,
    movedTo?: string,
    body?: Record<string, unknown>,
    retryAfterSeconds?: number,
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.errors = errors;
    this.movedTo = movedTo;
    this.body = body;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** The text to show for any error: ours are written for users, anything else is not. */
export function userMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : GENERIC_ERROR_MESSAGE;
}
