import type { ClientErrorResponse } from '@admissions/domain';
import { api } from '../lib/api-client';

/** Errors already reported: StrictMode and re-renders must not report one twice. */
const reported = new WeakSet<object>();

/**
 * POST /public/client-error: tells the server a screen failed, with the
 * route it failed on. Resolves to the reference the server logged it under,
 * or undefined when the report could not be made (then only the console has it).
 */
export async function reportClientError(error: unknown, route: string): Promise<string | undefined> {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return undefined;
    reported.add(error);
  }
  const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
  const stack = error instanceof Error && error.stack ? error.stack.slice(0, 8000) : undefined;
  try {
    const { request_id } = await api.post<ClientErrorResponse>('/public/client-error', {
      message,
      route: route.slice(0, 300),
      ...(stack ? { stack } : {}),
    });
    return request_id;
  } catch {
    return undefined;
  }
}
