import { type ServiceTokenCreated } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { createServiceToken, revokeServiceToken } from '../../session/service-tokens';
import { staffAccessOf } from '../../session/staff-access';
import { assertStaffSeesApplication } from './application-detail';

type Params = { userId: string; tokenId?: string };

/**
 * Print links (SPEC section 7), inside the /api/staff scope (staffRoutes): a member makes one for an application
 * they see, and withdraws one; both are in the audit log.
 */
export function printTokenRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();

  return async (app: FastifyInstance) => {
    app.post<{ Params: Params }>('/applications/:userId/print-token', async (req): Promise<ServiceTokenCreated> => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const staff = staffOf(req);
      const created = await createServiceToken(deps.db, userId, staff, now());
      await recordStaffRead(deps.db, staff, userId, 'create-print-token', { token_id: created.id }, now());
      return {
        id: created.id,
        token: created.token,
        print_url: `/?service_token=${encodeURIComponent(created.token)}`,
        expires_at: created.expiresAt.toISOString(),
      };
    });

    app.delete<{ Params: Params }>('/print-tokens/:tokenId', async (req) => {
      const tokenId = req.params.tokenId ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(tokenId)) throw new AppError('NOT_FOUND');
      // A member limited to programs withdraws only the links of applications they see.
      const { rows } = await deps.db.query<{ application_user_id: string }>(
        'SELECT application_user_id FROM service_tokens WHERE id = $1',
        [tokenId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), rows[0].application_user_id);
      const userId = await revokeServiceToken(deps.db, tokenId, now());
      if (!userId) throw new AppError('NOT_FOUND');
      await recordStaffRead(deps.db, staffOf(req), userId, 'revoke-print-token', { token_id: tokenId }, now());
      return { message: 'The print link has been withdrawn.' };
    });
  };
}
