import {
  keptLabelsOf,
  programLabelOf,
  type KeptBasis,
  type OtherApplicationState,
  type ProgramsTenant,
  type StaffOtherApplication,
} from '@admissions/domain';
import { keptBasisSql } from '../../core/kept-bases';
import { isUuid } from '../../http/is-uuid';
import type { Queryable } from '../../infra/db/db';
import { seesProgram, type StaffAccess } from '../../session/staff-access';

interface OtherRow {
  user_id: string;
  program: string | null;
  cycle_id: string;
  submitted: boolean;
  withdrawn: boolean;
  released: boolean;
  response: 'accept' | 'decline' | null;
  viewed: boolean;
  own: boolean;
  same_cycle: boolean;
  kept_basis: KeptBasis | null;
}

/** The person's other applications as the member may see them, and how many of them share this one's cycle. */
export interface OtherApplications {
  applications: StaffOtherApplication[];
  inThisCycle: number;
}

/**
 * The person of an application is its owner's account: `application_of` for an owner row of its own, else the
 * owner itself (decision 052, issue 42). Their other applications are that account's own row and every owner
 * row naming it, each with an applications row. Only a decision released to the applicant is read (the
 * unique released row of `decisions`): a provisional or scheduled one is the office's draft, never shown here.
 * `own` is the member's own application (issue 48), never opened by them.
 */
const OTHERS_SQL = `
  WITH person AS (SELECT COALESCE(u.application_of, u.id) AS id FROM users u WHERE u.id = $1)
  SELECT o.id AS user_id, a.answers->>'applied_major' AS program,
    COALESCE(a.cycle_id, current_cycle_id()) AS cycle_id, a.submitted_at IS NOT NULL AS submitted,
    EXISTS (SELECT 1 FROM application_withdrawals w WHERE w.user_id = o.id) AS withdrawn,
    r.id IS NOT NULL AS released, r.response, r.viewed_at IS NOT NULL AS viewed,
    COALESCE(o.id = $2::uuid OR o.application_of = $2::uuid, false) AS own,
    COALESCE(a.cycle_id, current_cycle_id()) IS NOT DISTINCT FROM
      (SELECT COALESCE(t.cycle_id, current_cycle_id()) FROM applications t WHERE t.user_id = $1) AS same_cycle,
    ${keptBasisSql('a')} AS kept_basis
  FROM person p
  JOIN users o ON o.id = p.id OR o.application_of = p.id
  JOIN applications a ON a.user_id = o.id
  LEFT JOIN decisions r ON r.user_id = o.id AND r.status = 'released'
  WHERE o.id <> $1
  ORDER BY COALESCE(a.cycle_id, current_cycle_id()) DESC, a.answers->>'applied_major', o.id`;

/** Where it stands, as the applicant could tell it too: withdrawn, a released decision, submitted or not. */
function stateOf(r: OtherRow): OtherApplicationState {
  if (r.withdrawn) return 'withdrawn';
  if (!r.released) return r.submitted ? 'submitted' : 'in-progress';
  if (r.response === 'accept') return 'accepted';
  if (r.response === 'decline') return 'declined';
  return r.viewed ? 'viewed' : 'released';
}

const HIDDEN: StaffOtherApplication = {
  user_id: null,
  program: null,
  program_label: null,
  cycle_id: null,
  cycle_label: null,
  state: null,
  link: false,
};

/**
 * The other applications of this application's person, as this member may see them (issue 42): one statement,
 * whatever their number. Read from the applications themselves, not from the office's index, so the page
 * names one started a moment ago, and counts it (the page's applications_by_person is this one and
 * inThisCycle). An application to a program outside the member's limits (decision 039) is told only
 * to exist, and comes after the others, so its place says nothing of its cycle or program.
 */
export async function otherApplicationsOf(
  db: Queryable,
  tenant: Pick<ProgramsTenant, 'programs' | 'cycle'>,
  access: StaffAccess,
  userId: string,
): Promise<OtherApplications> {
  const { rows } = await db.query<OtherRow>(OTHERS_SQL, [userId, isUuid(access.userId) ? access.userId : null]);
  const seen: StaffOtherApplication[] = [];
  let hidden = 0;
  for (const r of rows) {
    const program = r.program ?? '';
    if (!seesProgram(access, program)) {
      hidden++;
      continue;
    }
    seen.push({
      user_id: r.user_id,
      program,
      program_label: keptLabelsOf(r.kept_basis, program, '').program ?? programLabelOf(tenant, program),
      cycle_id: r.cycle_id,
      cycle_label: r.cycle_id === tenant.cycle.id ? tenant.cycle.label : r.cycle_id,
      state: stateOf(r),
      link: !r.own,
    });
  }
  return {
    applications: [...seen, ...Array.from({ length: hidden }, () => ({ ...HIDDEN }))],
    inThisCycle: rows.filter((r) => r.same_cycle).length,
  };
}
