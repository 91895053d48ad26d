import { keptBasisOf, type ProgramsTenant } from '@admissions/domain';
import type { Queryable } from '../infra/db/db';

/**
 * Gives each submitted application that has no kept basis yet (submitted before migration 110) this
 * start's programs and terms, and the office's index their labels: from now on a tenant file that drops
 * a term or renames a program changes nothing anyone reads of it (issue 41). Runs at every start; once
 * every submitted application has its basis, it changes nothing. Returns how many it gave one.
 */
export async function keepSubmittedBases(
  db: Queryable,
  tenant: Pick<ProgramsTenant, 'programs' | 'terms'>,
): Promise<number> {
  const { rowCount } = await db.query(
    `UPDATE applications SET kept_basis = $1::jsonb WHERE submitted_at IS NOT NULL AND kept_basis IS NULL`,
    [JSON.stringify(keptBasisOf(tenant))],
  );
  if (rowCount === 0) return 0;
  await db.query(
    `UPDATE staff_application_index i SET
       kept_program_label = (SELECT p->>'label' FROM jsonb_array_elements(a.kept_basis->'programs') p
                             WHERE p->>'code' = i.program),
       kept_term_label = (SELECT t->>'label' FROM jsonb_array_elements(a.kept_basis->'terms') t
                          WHERE t->>'id' = i.entry_term)
     FROM applications a
     WHERE a.user_id = i.user_id AND a.kept_basis IS NOT NULL AND i.submitted_at IS NOT NULL
       AND i.kept_program_label IS NULL AND i.kept_term_label IS NULL`,
  );
  return rowCount;
}

/**
 * The basis an application is read with, as a column of the applications row `a`: the one it kept at
 * submission; else, once its cycle has closed, the one its cycle had; else none (today's tenant file).
 */
export const keptBasisSql = (a: string) =>
  `COALESCE(${a}.kept_basis, (SELECT c.basis FROM cycle_history c
     WHERE c.cycle_id = ${a}.cycle_id AND ${a}.cycle_id <> current_cycle_id()))`;
