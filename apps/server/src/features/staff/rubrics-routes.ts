import type { RubricsResponse, TenantConfig } from '@admissions/domain';
import { rubricsBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { loadRubrics } from './rubrics-repository';

/** Every rubric has criteria with unique ids and min < max; the set has a default and names real programs. */
function checkRubrics(tenant: Pick<TenantConfig, 'programs'>, rubrics: RubricsResponse): void {
  const programs = new Set(tenant.programs.map((p) => p.code));
  if (!rubrics.default) throw new AppError('RUBRIC_INVALID', { errors: { default: ['missing'] } });
  for (const [program, rubric] of Object.entries(rubrics)) {
    if (program !== 'default' && !programs.has(program)) {
      throw new AppError('PROGRAM_UNKNOWN', { errors: { [program]: ['unknown program'] } });
    }
    const ids = new Set(rubric.criteria.map((c) => c.id));
    if (
      rubric.criteria.length === 0 ||
      ids.size !== rubric.criteria.length ||
      rubric.criteria.some((c) => c.min >= c.max)
    ) {
      throw new AppError('RUBRIC_INVALID', { errors: { [program]: ['criteria'] } });
    }
  }
}

/** Rubrics (decision 040): the team reads them, administrators replace the whole set. */
export function rubricsRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.get('/rubrics', { preHandler: requireRight(deps, 'read') }, async (req): Promise<RubricsResponse> => {
      const rubrics = await loadRubrics(deps.db);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-rubrics', {}, now());
      return rubrics;
    });

    app.put('/rubrics', { preHandler: requireRight(deps, 'manage_team') }, async (req): Promise<RubricsResponse> => {
      const rubrics = parseBody(rubricsBody, req.body) as RubricsResponse;
      checkRubrics(deps.config.tenant, rubrics);
      await deps.db.transaction(async (tx) => {
        const before = await loadRubrics(tx);
        await tx.query('DELETE FROM staff_rubrics');
        await tx.query(
          `INSERT INTO staff_rubrics (program, rubric, updated_at)
           SELECT key, value, $2 FROM jsonb_each($1::jsonb)`,
          [JSON.stringify(rubrics), now()],
        );
        await recordStaffRead(tx, staffOf(req), null, 'rubrics-change', { before, after: rubrics }, now());
      });
      return loadRubrics(deps.db);
    });
  };
}
