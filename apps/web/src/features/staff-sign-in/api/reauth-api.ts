import type { ReauthInput } from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** POST /api/staff/reauth: a fresh sign-in for a risky action, with the password or an authenticator code. */
export const reauth = (input: ReauthInput) => api.post<unknown>('/api/staff/reauth', input);
