import type { RetentionPreviewApplication, RetentionPreviewResponse } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { recordStaffRead } from '../../session/audit-log';
import { requireRight, seesProgram, staffAccessOf, type StaffAccess } from '../../session/staff-access';
import { staffOf } from '../../session/require-staff';
import { planRetention, type RetentionCandidate } from './retention-rules';
import { RETENTION_SOURCES, type RetentionSources } from './retention-sources';

const view = (c: RetentionCandidate): RetentionPreviewApplication => ({
  user_id: c.user_id,
  email: c.email,
  name: [c.first_name, c.last_name]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' '),
  program: c.program,
  cycle_id: c.cycle_id,
  submitted_at: c.submitted_at ? new Date(c.submitted_at).toISOString() : null,
  last_activity_at: new Date(c.last_activity_at).toISOString(),
});

function rule(access: StaffAccess, name: 'unsubmitted' | 'closed_cycle', months: number, due: RetentionCandidate[]) {
  const shown = due.filter((c) => seesProgram(access, c.program));
  return { rule: name, months, count: due.length, applications: shown.map(view), not_shown: due.length - shown.length };
}

/**
 * GET /api/staff/retention/preview (right manage_team): a dry run of the next retention run, counts by rule and
 * the applications concerned (those of the caller's programs listed), written to the audit log. Mounted in the
 * staff scope (requireStaff) by app.ts.
 */
export function retentionPreviewRoute(deps: AppDeps, sources: RetentionSources = RETENTION_SOURCES) {
  return async (app: FastifyInstance) => {
    app.get(
      '/retention/preview',
      { preHandler: requireRight(deps, 'manage_team') },
      async (req): Promise<RetentionPreviewResponse> => {
        const access = staffAccessOf(req);
        const now = deps.clock.now();
        const plan = await planRetention(deps, sources, now);
        const { unsubmittedMonths, closedCycleMonths } = deps.config.retention;
        const rules = [
          rule(access, 'unsubmitted', unsubmittedMonths, plan.unsubmitted),
          rule(access, 'closed_cycle', closedCycleMonths, plan.closedCycle),
        ];
        await recordStaffRead(
          deps.db,
          staffOf(req),
          null,
          'retention-preview',
          Object.fromEntries(rules.map((r) => [r.rule, r.count])),
          now,
        );
        return {
          as_of: now.toISOString(),
          time_zone: deps.config.tenant.time_zone,
          rules,
          warnings_due: plan.warnings.length,
          kept_for_accepted_offer: plan.keptForAcceptedOffer,
        };
      },
    );
  };
}
