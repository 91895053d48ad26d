import type { ApiV1ExternalId } from '@admissions/domain';
import { apiV1ExternalIdBody, apiV1ExternalIdParams } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { recordIntegrationEvent } from '../../core/integration-events';
import { apiAuditName, apiCallerOf, forgetApiCallAudited, recordApiCall, requireApiScope } from '../api-tokens';
import { parseApiInput } from './api-input';
import { applicationOf } from './applications-routes';

/**
 * PUT /api/v1/applications/{id}/external-ids/{system} {id} (issue 45), scope external-ids:write: the campus ID
 * written back. The ID, the `external_id.set` event (the webhooks send it) and the audit row are written in one
 * transaction, so none is without the others. Writing the same ID again changes nothing and sends no event.
 * Called by a program with its bearer token, not by a page: no Origin is asked for (`bearerAuthenticated`).
 */
export function externalIdsRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.put(
      '/applications/:id/external-ids/:system',
      { config: { bearerAuthenticated: true }, preHandler: requireApiScope('external-ids:write') },
      async (req): Promise<ApiV1ExternalId> => {
        const caller = apiCallerOf(req);
        const { id: applicationId } = await applicationOf(deps, req, 'set-external-id');
        const { system } = parseApiInput(apiV1ExternalIdParams, req.params, 'EXTERNAL_SYSTEM_INVALID');
        const { id: externalId } = parseApiInput(apiV1ExternalIdBody, req.body, 'BAD_REQUEST');
        const now = deps.clock.now();
        // Should the transaction not commit, its audit row is gone with it: the call is audited as refused instead.
        const setAt = await deps.db
          .transaction(async (tx) => {
            const changed = await tx.query<{ set_at: Date }>(
              `INSERT INTO application_external_ids (application_id, system, external_id, set_at, set_by)
               VALUES ($1, $2, $3, $4, $5)
               ON CONFLICT (application_id, system) DO UPDATE
                 SET external_id = EXCLUDED.external_id, set_at = EXCLUDED.set_at, set_by = EXCLUDED.set_by
                 WHERE application_external_ids.external_id <> EXCLUDED.external_id
               RETURNING set_at`,
              [applicationId, system, externalId, now, apiAuditName(caller)],
            );
            if (changed.rows[0])
              await recordIntegrationEvent(
                tx,
                { type: 'external_id.set', applicationId, data: { system, external_id: externalId } },
                now,
              );
            await recordApiCall(
              tx,
              caller,
              'set-external-id',
              applicationId,
              { system, external_id: externalId, changed: changed.rows[0] !== undefined },
              now,
            );
            if (changed.rows[0]) return changed.rows[0].set_at;
            const kept = await tx.query<{ set_at: Date }>(
              'SELECT set_at FROM application_external_ids WHERE application_id = $1 AND system = $2',
              [applicationId, system],
            );
            return kept.rows[0]!.set_at;
          })
          .catch((err: unknown) => {
            forgetApiCallAudited(caller);
            throw err;
          });
        return { application_id: applicationId, system, id: externalId, set_at: new Date(setAt).toISOString() };
      },
    );
  };
}
