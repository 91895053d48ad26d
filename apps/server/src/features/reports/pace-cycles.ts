import { localTimeToInstant, type TenantConfig } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';

/** A cycle as the pace report counts it: from its opening, to today or to its close. */
export interface PaceCycle {
  id: string;
  label: string;
  opensAt: Date;
  /** False: the history has no opening for it (closed before migration 128), so it is estimated. */
  opensRecorded: boolean;
  closesAt: Date;
}

/** The wall-clock date and time of an instant in a zone, as the tenant file writes them ('2026-08-01T00:00'). */
function localTimeOf(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}-${get('month')}-${get('day')}T${get('hour')}:${get('minute')}`;
}

/** The same local date and time a year earlier (29 February: 1 March); 365 days earlier if it does not exist there. */
export function aYearBefore(instant: Date, timeZone: string): Date {
  const local = localTimeOf(instant, timeZone);
  const year = String(Number(local.slice(0, 4)) - 1).padStart(4, '0');
  const earlier = local.endsWith('-02-29', 10) ? `${year}-03-01${local.slice(10)}` : `${year}${local.slice(4)}`;
  return localTimeToInstant(earlier, timeZone) ?? new Date(instant.getTime() - 365 * 86_400_000);
}

/**
 * Every cycle that was ever open, newest first, as the report filters list them (report-filters.ts): the open
 * one from the tenant file, then cycle_history by close. A cycle's opening is the tenant file's for the open
 * one and cycle_history.opens_at for the others (written at every start since migration 128). Where a cycle
 * closed before that and has none, the honest guess is that cycles open once a year at the same date: its
 * opening is taken as the same local date and time one year before the next (newer) cycle opened, and marked
 * as not recorded, so the answer says it was estimated.
 */
export async function paceCycles(db: Queryable, tenant: TenantConfig, now: Date): Promise<PaceCycle[]> {
  const { rows } = await db.query<{ id: string; opens_at: Date | null; closes_at: Date }>(
    `SELECT cycle_id AS id, opens_at, closes_at FROM cycle_history ORDER BY closes_at DESC, cycle_id DESC`,
  );
  const open = tenant.cycle;
  const zone = tenant.time_zone;
  const recordedOpen = rows.find((r) => r.id === open.id);
  const cycles: PaceCycle[] = [
    {
      id: open.id,
      label: open.label,
      // The boot check refuses an opening that is not a local time in the zone: the fallbacks never run in practice.
      opensAt: localTimeToInstant(open.opens, zone) ?? recordedOpen?.opens_at ?? now,
      opensRecorded: true,
      closesAt: localTimeToInstant(open.closes, zone) ?? recordedOpen?.closes_at ?? now,
    },
  ];
  for (const row of rows) {
    if (row.id === open.id) continue;
    const newer = cycles.at(-1)!;
    cycles.push({
      id: row.id,
      label: row.id,
      opensAt: row.opens_at ? new Date(row.opens_at) : aYearBefore(newer.opensAt, zone),
      opensRecorded: row.opens_at != null,
      closesAt: new Date(row.closes_at),
    });
  }
  return cycles;
}
