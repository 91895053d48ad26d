import type { MfaStatus, MfaVerifyInput, PasskeySummary, RecoveryCodes, TotpEnrolment } from '@admissions/domain';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/**
 * The caller's second factor (issue 44): GET /api/staff/mfa, which answers before the second step too; TOTP
 * enrolment and its confirmation; the second step itself (a code, a recovery code or a passkey); passkeys.
 */
export const MFA_KEY = ['staff', 'mfa'] as const;

export const getMfaStatus = () => api.get<MfaStatus>('/api/staff/mfa');

export function useMfaStatus() {
  return useQuery({
    queryKey: MFA_KEY,
    queryFn: getMfaStatus,
    staleTime: 0,
    refetchOnMount: 'always',
    throwOnError: false,
  });
}

/** Read once for the questions asked around the console (how it signed in: the logout, the fresh sign-in). */
export const mfaStatusOnce = (queryClient: QueryClient) =>
  queryClient.fetchQuery({ queryKey: MFA_KEY, queryFn: getMfaStatus });

/** A new key, shown once: only while not enrolled (or after a reset). */
export const startTotp = () => api.post<TotpEnrolment>('/api/staff/mfa/totp');

/** The first code from the app proves the key is there: the answer is the ten recovery codes. */
export const confirmTotp = (code: string) => api.post<RecoveryCodes>('/api/staff/mfa/totp/confirm', { code });

/** The second step of a password sign-in. */
export const verifySecondFactor = (input: MfaVerifyInput) => api.post<unknown>('/api/staff/mfa/verify', input);

/** The browser's WebAuthn part, fetched when first used: most visits register or use no passkey. */
const webAuthn = () => import('@simplewebauthn/browser');

/**
 * Registers a passkey named `name`: the server's options, the browser's ceremony, the server's check. The first
 * factor set up this way also brings the recovery codes.
 */
export async function registerPasskey(name: string): Promise<{ passkey: PasskeySummary; recovery_codes?: string[] }> {
  const { startRegistration } = await webAuthn();
  const optionsJSON = await api.post<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/staff/mfa/passkeys/options',
  );
  const response = await startRegistration({ optionsJSON });
  return api.post('/api/staff/mfa/passkeys', { response, name });
}

/** The second step with a passkey. */
export async function verifyWithPasskey(): Promise<void> {
  const { startAuthentication } = await webAuthn();
  const optionsJSON = await api.post<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
    '/api/staff/mfa/passkey/options',
  );
  const response = await startAuthentication({ optionsJSON });
  await api.post<unknown>('/api/staff/mfa/passkey/verify', { response });
}
