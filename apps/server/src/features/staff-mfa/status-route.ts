import type { MfaStatus } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { staffOf } from '../../session/require-staff';
import { mfaStatus } from './member-factors';

/** GET /api/staff/mfa: the caller's second factor, answered before the second step too (the console's next screen). */
export function statusRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.get('/mfa', async (req): Promise<MfaStatus> => mfaStatus(deps, req, staffOf(req).userId));
  };
}
