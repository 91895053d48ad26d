import { APPLICATION_ID_HEADER, GENERIC_ERROR_MESSAGE, type ErrorCode } from '@admissions/domain';
import { ServerError, UnauthorizedError } from './api-errors';
import { applicationTicket, noteAnswer } from './application-id';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  /**
   * Let the request outlive the page (fetch keepalive), for saves made while
   * the tab is hidden or closing. Browsers cap such bodies at 64 KB.
   */
  keepalive?: boolean;
  /**
   * The application the call acts on, when not the one the page was loaded for (application-id.ts): withdrawing
   * another application names it.
   */
  applicationId?: string;
}

/**
 * One call to the server (SPEC section 7). Requests are JSON; the content-type
 * header and the body are sent only with a payload, because the server
 * rejects a JSON content-type with an empty body. Answers must be JSON.
 * A form call names the page's application (X-Application-Id, issue 42).
 */
export async function apiRequest<T>(
  method: Method,
  path: string,
  payload?: unknown,
  options: RequestOptions = {},
): Promise<T> {
  const hasPayload = payload !== undefined;
  const ticket = applicationTicket(path, options.applicationId);
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: hasPayload
        ? { Accept: 'application/json', 'Content-Type': 'application/json', ...ticket.headers }
        : { Accept: 'application/json', ...ticket.headers },
      body: hasPayload ? JSON.stringify(payload) : undefined,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch {
    // Offline, DNS, CORS: the browser's own message is not meant for users.
    throw new ServerError(0);
  }

  const body = await readJson(response);
  if (response.status === 401 && !keepsSession(body)) throw new UnauthorizedError();
  const error = response.ok ? undefined : errorFromBody(response.status, body, retryAfter(response));
  noteAnswer(ticket, response.headers.get(APPLICATION_ID_HEADER), error?.code);
  // A risky staff action on an old sign-in (issue 44): once the user has signed in afresh, the same call again.
  if (error?.code === 'REAUTH_REQUIRED' && freshSignIn && (await freshSignIn()))
    return apiRequest<T>(method, path, payload, options);
  if (error) throw error;
  // 204 No Content (a DELETE of the integrations, issue 45): done, and nothing to read.
  if (response.status === 204) return undefined as T;
  if (body === NOT_JSON) throw new ServerError(response.status);
  return body as T;
}

/**
 * Asked when a call answers 401 REAUTH_REQUIRED (issue 44): resolves true once the user has signed in afresh, and
 * the call is then made once more; false (they cancelled) leaves the refusal to the caller. The staff console sets
 * it (features/staff-sign-in), so every console call is retried without any screen knowing.
 */
type FreshSignIn = () => Promise<boolean>;
let freshSignIn: FreshSignIn | undefined;

/** Sets the fresh sign-in; returns the function that removes it (fit as an effect's clean-up). */
export function onReauthRequired(handler: FreshSignIn): () => void {
  freshSignIn = handler;
  return () => {
    if (freshSignIn === handler) freshSignIn = undefined;
  };
}

/**
 * A 401 that keeps the session: a staff member's second step still to pass (MFA_REQUIRED) or a fresh sign-in
 * asked for (REAUTH_REQUIRED). Any other 401 means the session is gone.
 */
function keepsSession(body: unknown): boolean {
  const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).code : undefined;
  return code === 'MFA_REQUIRED' || code === 'REAUTH_REQUIRED';
}

function retryAfter(response: Response): number | undefined {
  const seconds = Number(response.headers.get('retry-after') ?? '');
  return Number.isFinite(seconds) && seconds > 0 ? seconds : undefined;
}

const NOT_JSON = Symbol('not JSON');

async function readJson(response: Response): Promise<unknown> {
  const type = response.headers.get('content-type') ?? '';
  if (!/^application\/(.+\+)?json\b/i.test(type)) return NOT_JSON;
  try {
    return await response.json();
  } catch {
    return NOT_JSON;
  }
}

function errorFromBody(status: number, body: unknown, retryAfterSeconds?: number): ServerError {
  if (typeof body !== 'object' || body === null)
    return new ServerError(status, undefined, undefined, undefined, undefined, undefined, retryAfterSeconds);
  const { message, code, errors, moved_to: movedTo } = body as Record<string, unknown>;
  return new ServerError(
    status,
    typeof message === 'string' && message !== '' ? message : GENERIC_ERROR_MESSAGE,
    typeof code === 'string' ? (code as ErrorCode) : undefined,
    isFieldErrors(errors) ? errors : undefined,
    typeof movedTo === 'string' && movedTo !== '' ? movedTo : undefined,
    body as Record<string, unknown>,
    retryAfterSeconds,
  );
}

function isFieldErrors(value: unknown): value is Record<string, string[]> {
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.values(value).every((list) => Array.isArray(list) && list.every((m) => typeof m === 'string'))
  );
}

export const api = {
  get: <T>(path: string) => apiRequest<T>('GET', path),
  post: <T>(path: string, payload?: unknown, options?: RequestOptions) => apiRequest<T>('POST', path, payload, options),
  put: <T>(path: string, payload?: unknown, options?: RequestOptions) => apiRequest<T>('PUT', path, payload, options),
  delete: <T>(path: string) => apiRequest<T>('DELETE', path),
};
