import { ERROR_MESSAGES, ERROR_STATUS, type ErrorBody, type ErrorCode } from '@admissions/domain';

export interface AppErrorOptions {
  message?: string;
  errors?: Record<string, string[]>;
  retryAfterSeconds?: number;
  /** On a 404: where the item asked for lives now (ErrorBody.moved_to). */
  movedTo?: string;
  /** On a 409 CONFIRM_COUNT_MISMATCH: the number it should have been (ErrorBody.count). */
  count?: number;
}

/** An expected failure: its code decides the status, its message is meant for the user. */
export class AppError extends Error {
  override name = 'AppError';
  readonly statusCode: number;
  readonly errors: Record<string, string[]> | undefined;
  readonly retryAfterSeconds: number | undefined;
  readonly movedTo: string | undefined;
  readonly count: number | undefined;

  constructor(
    readonly code: ErrorCode,
    options: AppErrorOptions = {},
  ) {
    super(options.message ?? ERROR_MESSAGES[code]);
    this.statusCode = ERROR_STATUS[code];
    this.errors = options.errors;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.movedTo = options.movedTo;
    this.count = options.count;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      ...(this.movedTo ? { moved_to: this.movedTo } : {}),
      ...(this.count !== undefined ? { count: this.count } : {}),
    };
  }
}
