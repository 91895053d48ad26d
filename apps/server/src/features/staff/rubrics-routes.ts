import { randomUUID } from 'node:crypto';
import type { RubricsInput, RubricsResponse, TenantConfig } from '@admissions/domain';
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

/**
 * Criterion ids are made here, once, and never change (issue 49): a new criterion comes without an id and gets
 * one no rubric has; a criterion that comes with an id keeps it, and that id must be one the stored rubrics
 * already have (any program's: a program's own rubric may start as a copy of the default, ids and all) or one
 * a review has a score under (a removed criterion put back, with its scores). So an id is never typed, and a
 * review's scores, kept by id, stay under their criterion whatever its label becomes.
 */
export function withCriterionIds(input: RubricsInput, before: RubricsResponse, scored: string[]): RubricsResponse {
  const known = new Set([...Object.values(before).flatMap((r) => r.criteria.map((c) => c.id)), ...scored]);
  const taken = new Set(known);
  const fresh = () => {
    let id: string;
    do id = `c-${randomUUID().replaceAll('-', '').slice(0, 12)}`;
    while (taken.has(id));
    taken.add(id);
    return id;
  };
  return Object.fromEntries(
    Object.entries(input).map(([program, rubric]) => [
      program,
      {
        ...rubric,
        criteria: rubric.criteria.map(({ id, ...c }, i) => {
          if (id !== undefined && !known.has(id)) {
            throw new AppError('RUBRIC_INVALID', {
              errors: { [`${program}.criteria.${i}.id`]: ['unknown criterion id'] },
            });
          }
          return { id: id ?? fresh(), ...c };
        }),
      },
    ]),
  );
}

/** Rubrics (decision 040): the team reads them, administrators replace the whole set (criterion ids: above). */
export function rubricsRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.get('/rubrics', { preHandler: requireRight(deps, 'read') }, async (req): Promise<RubricsResponse> => {
      const rubrics = await loadRubrics(deps.db);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-rubrics', {}, now());
      return rubrics;
    });

    app.put('/rubrics', { preHandler: requireRight(deps, 'manage_team') }, async (req): Promise<RubricsResponse> => {
      const input = parseBody(rubricsBody, req.body) as RubricsInput;
      await deps.db.transaction(async (tx) => {
        // One replacement at a time, so two new criteria never meet and the ids checked are the ones stored.
        await tx.query('LOCK TABLE staff_rubrics IN EXCLUSIVE MODE');
        const before = await loadRubrics(tx);
        const scored = await tx.query<{ id: string }>('SELECT DISTINCT jsonb_object_keys(scores) AS id FROM reviews');
        const rubrics = withCriterionIds(
          input,
          before,
          scored.rows.map((r) => r.id),
        );
        checkRubrics(deps.config.tenant, rubrics);
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
