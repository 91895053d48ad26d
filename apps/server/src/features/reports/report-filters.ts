import { programLabelOf, type ReportFilters, type ReportQuery, type TenantConfig } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { recordStaffRead } from '../../session/audit-log';
import { deniedCallOfAccess, hasRight, type StaffAccess } from '../../session/staff-access';
import type { ResolvedFilters } from './report-definition';

interface KnownCycle {
  id: string;
  /** The programs the cycle offered (its kept basis), for a cycle the tenant file no longer names. */
  programs: string[];
}

/** Every cycle that was ever open, newest first (cycle_history, written at boot), with the programs it offered. */
async function knownCycles(deps: Pick<AppDeps, 'db' | 'config'>): Promise<KnownCycle[]> {
  const { rows } = await deps.db.query<{ id: string; programs: string[] | null }>(
    `SELECT cycle_id AS id, ARRAY(SELECT p ->> 'code' FROM jsonb_array_elements(basis -> 'programs') p) AS programs
     FROM cycle_history ORDER BY closes_at DESC, cycle_id DESC`,
  );
  const open = deps.config.tenant.cycle.id;
  const openPrograms = deps.config.tenant.programs.map((p) => p.code);
  return [
    { id: open, programs: openPrograms },
    ...rows.filter((r) => r.id !== open).map((r) => ({ id: r.id, programs: r.programs ?? [] })),
  ];
}

const cycleLabel = (tenant: TenantConfig, id: string) => (id === tenant.cycle.id ? tenant.cycle.label : id);

/**
 * The cycle and programs a report is drawn for (issue 47): the open cycle and every program the member may
 * see unless the query names one. An unknown cycle or program is 400; a program outside the member's limits is
 * 404, as an application of it is elsewhere, and the refusal is in the audit log.
 */
export async function resolveFilters(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  access: StaffAccess,
  query: ReportQuery,
): Promise<{ resolved: ResolvedFilters; filters: ReportFilters }> {
  const { tenant } = deps.config;
  const cycles = await knownCycles(deps);
  const cycle = query.cycle === undefined ? cycles[0]! : cycles.find((c) => c.id === query.cycle);
  if (!cycle) throw new AppError('CYCLE_UNKNOWN');
  const offered = [...new Set([...cycle.programs, ...tenant.programs.map((p) => p.code)])];
  if (query.program !== undefined && !offered.includes(query.program)) throw new AppError('PROGRAM_UNKNOWN');
  const mayRead = (code: string) => access.programs === null || access.programs.includes(code);
  if (query.program !== undefined && !mayRead(query.program)) {
    await recordStaffRead(
      deps.db,
      { userId: access.userId, email: access.email },
      null,
      'denied',
      { ...deniedCallOfAccess(access), reason: 'program-not-seen', program: query.program },
      deps.clock.now(),
    );
    throw new AppError('NOT_FOUND');
  }
  const programs = query.program !== undefined ? [query.program] : offered.filter(mayRead);
  const includesUnreleased = hasRight(access, 'decide');
  return {
    resolved: { cycleId: cycle.id, program: query.program ?? null, programs, includesUnreleased },
    filters: {
      cycle: { id: cycle.id, label: cycleLabel(tenant, cycle.id) },
      program: query.program ?? null,
      programs: programs.map((code) => ({ code, label: programLabelOf(tenant, code) || code })),
      cycles: cycles.map((c) => ({ id: c.id, label: cycleLabel(tenant, c.id) })),
      includes_unreleased: includesUnreleased,
    },
  };
}
