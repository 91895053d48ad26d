import { MAX_BULK_APPLICATIONS, type StagesResponse } from '@admissions/domain';
import { bulkStageMoveBody, stageMoveBody, stagesBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { assertStaffSeesApplication } from './application-detail';
import { assertStaffSeesApplications } from './visible-applications';
import { loadStages, moveToStage } from './stages-repository';

async function assertStageExists(db: Queryable, stage: string): Promise<void> {
  const { rows } = await db.query('SELECT 1 FROM staff_stages WHERE id = $1', [stage]);
  if (rows.length === 0) throw new AppError('STAGE_UNKNOWN');
}

/**
 * Stages (decision 040): everyone on the team reads them, administrators
 * edit them, and reviewers, deciders and administrators (move_stage) move
 * applications between them, one or up to 500 at a time.
 */
export function stagesRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.get('/stages', { preHandler: requireRight(deps, 'read') }, async (req): Promise<StagesResponse> => {
      const stages = await loadStages(deps.db);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-stages', {}, now());
      return { stages };
    });

    app.put('/stages', { preHandler: requireRight(deps, 'manage_team') }, async (req): Promise<StagesResponse> => {
      const { stages } = parseBody(stagesBody, req.body);
      const ids = new Set(stages.map((s) => s.id));
      if (stages.length === 0 || ids.size !== stages.length) throw new AppError('STAGES_INVALID');
      await deps.db.transaction(async (tx) => {
        const before = await loadStages(tx);
        const { rows: inUse } = await tx.query<{ stage: string }>(
          'SELECT DISTINCT stage FROM application_stages WHERE NOT (stage = ANY ($1::text[]))',
          [[...ids]],
        );
        if (inUse.length > 0) throw new AppError('STAGE_IN_USE', { errors: { stages: inUse.map((r) => r.stage) } });
        await tx.query('DELETE FROM staff_stages');
        await tx.query(
          `INSERT INTO staff_stages (id, label, position)
           SELECT s.id, s.label, s.position FROM jsonb_to_recordset($1::jsonb) AS s (id text, label text, position int)`,
          [JSON.stringify(stages.map((s, i) => ({ ...s, position: i + 1 })))],
        );
        await recordStaffRead(tx, staffOf(req), null, 'stages-change', { before, after: stages }, now());
      });
      return { stages: await loadStages(deps.db) };
    });

    app.put<{ Params: { userId: string } }>(
      '/applications/:userId/stage',
      { preHandler: requireRight(deps, 'move_stage') },
      async (req) => {
        const { userId } = req.params;
        await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
        const { stage } = parseBody(stageMoveBody, req.body);
        await deps.db.transaction(async (tx) => {
          await assertStageExists(tx, stage);
          await moveToStage(tx, [userId], stage, now());
          await recordStaffRead(tx, staffOf(req), userId, 'stage-move', { stage }, now());
        });
        return { stage, stage_entered_at: now().toISOString() };
      },
    );

    app.put('/applications/stage', { preHandler: requireRight(deps, 'move_stage') }, async (req) => {
      const body = parseBody(bulkStageMoveBody, req.body);
      const ids = [...new Set(body.application_ids.map((id) => id.toLowerCase()))];
      if (ids.length > MAX_BULK_APPLICATIONS) throw new AppError('TOO_MANY_APPLICATIONS');
      await assertStaffSeesApplications(deps, ctx, staffAccessOf(req), ids);
      const moved = await deps.db.transaction(async (tx) => {
        await assertStageExists(tx, body.stage);
        const n = await moveToStage(tx, ids, body.stage, now());
        await recordAuditRows(tx, staffOf(req), ids, 'stage-move', { stage: body.stage, bulk: true }, now());
        return n;
      });
      return { moved };
    });
  };
}

/** One audit row per application of a bulk write, in one statement, so each shows in that application's log. */
export async function recordAuditRows(
  tx: Queryable,
  staff: { userId: string; email: string },
  userIds: readonly string[],
  action: string,
  detail: Record<string, unknown>,
  at: Date,
): Promise<void> {
  await tx.query(
    `INSERT INTO staff_audit_log (staff_user_id, staff_email, application_user_id, action, detail, created_at)
     SELECT $1, $2, u, $4, $5::jsonb, $6 FROM unnest($3::uuid[]) AS u`,
    [staff.userId || null, staff.email, userIds, action, JSON.stringify(detail), at],
  );
}
