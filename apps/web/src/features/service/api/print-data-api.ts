import { ERROR_MESSAGES, type ServicePrintData } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { ServerError } from '../../../lib/api-errors';

export type PrintDataResult = { kind: 'ok'; data: ServicePrintData } | { kind: 'invalid'; message: string };

/**
 * GET /service/tmp-pdf (SPEC section 7). The token is the only credential:
 * the request sends no cookie, so an applicant's session in this browser
 * plays no part. A 401 here means the link is dead, not that someone must
 * log in, so it is an answer to show rather than the app's unauthorized path.
 */
export async function getPrintData(serviceToken: string): Promise<PrintDataResult> {
  let response: Response;
  try {
    response = await fetch(`/service/tmp-pdf?service_token=${encodeURIComponent(serviceToken)}`, {
      credentials: 'omit',
      headers: { Accept: 'application/json' },
    });
  } catch {
    throw new ServerError(0);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (response.status === 401) {
    const message = (body as { message?: unknown } | undefined)?.message;
    return { kind: 'invalid', message: typeof message === 'string' ? message : ERROR_MESSAGES.SERVICE_TOKEN_INVALID };
  }
  if (!response.ok || typeof body !== 'object' || body === null) throw new ServerError(response.status);
  return { kind: 'ok', data: body as ServicePrintData };
}

export function usePrintData(serviceToken: string) {
  return useQuery({ queryKey: ['service-print', serviceToken], queryFn: () => getPrintData(serviceToken) });
}
