import {
  addLocalDays,
  formatInZone,
  localDateOf,
  localDayTimeToInstant,
  letterHtml,
  programLabelOf,
  termLabelOf,
  letterParagraphs,
  type LetterValues,
  type KeptBasis,
  type TenantConfig,
} from '@admissions/domain';
import { keptBasisSql } from '../../core/kept-bases';
import type { Queryable } from '../../infra/db/db';
import { codeOf } from './decision-rules';
import { reasonsShown, type DecisionRow } from './decisions-repository';

/** The applicant's facts a letter names, as the office's index holds them for a submitted application. */
export interface LetterFacts {
  first_name: string;
  last_name: string;
  preferred_name: string;
  program_label: string;
  entry_term_label: string;
  /** The first day of the entry term as kept ('2027-08-23'); '' when unknown. */
  entry_term_starts: string;
}

export async function letterFactsOf(
  db: Queryable,
  tenant: Pick<TenantConfig, 'programs' | 'terms'>,
  userId: string,
): Promise<LetterFacts> {
  const { rows } = await db.query<{
    first_name: string;
    last_name: string;
    preferred_name: string;
    program: string;
    entry_term: string;
    kept_program_label: string | null;
    kept_term_label: string | null;
    kept_basis: KeptBasis | null;
  }>(
    `SELECT i.first_name, i.last_name, i.preferred_name, i.program, i.entry_term, i.kept_program_label,
       i.kept_term_label, ${keptBasisSql('a')} AS kept_basis
     FROM staff_application_index i LEFT JOIN applications a ON a.user_id = i.user_id WHERE i.user_id = $1`,
    [userId],
  );
  const r = rows[0];
  return {
    first_name: r?.first_name ?? '',
    last_name: r?.last_name ?? '',
    preferred_name: r?.preferred_name ?? '',
    // The labels the application kept at submission (issue 41): a released letter never changes with the tenant file.
    program_label: r?.kept_program_label ?? (r?.program ? programLabelOf(tenant, r.program) : ''),
    entry_term_label: r?.kept_term_label ?? (r?.entry_term ? termLabelOf(tenant, r.entry_term) : ''),
    entry_term_starts: (r?.kept_basis ?? tenant).terms.find((t) => t.id === r?.entry_term)?.starts ?? '',
  };
}

/**
 * The reply-by of a local date ('2027-03-14'): the tenant's reply_time that day in its zone, by default the
 * end of the day, 23:59:59 there (issue 49).
 */
export function replyByOnDay(tenant: Pick<TenantConfig, 'time_zone' | 'decisions'>, day: string): Date {
  const at = localDayTimeToInstant(day, tenant.time_zone, tenant.decisions.reply_time);
  if (!at) throw new Error(`not a local date: ${day}`);
  return at;
}

/** The default reply-by of an offer released at `releasedAt`: reply_days later in the zone's calendar, at its end. */
export function defaultReplyBy(tenant: Pick<TenantConfig, 'time_zone' | 'decisions'>, releasedAt: Date): Date {
  return replyByOnDay(tenant, addLocalDays(localDateOf(releasedAt, tenant.time_zone), tenant.decisions.reply_days));
}

/**
 * The reply-by instant a decision has or will have: as recorded, else
 * reply_days after its release (or after now, for a preview before release), at the end of that day.
 */
export function replyByOf(
  tenant: TenantConfig,
  row: Pick<DecisionRow, 'code' | 'reply_by' | 'released_at'>,
  now: Date,
) {
  if (!codeOf(tenant.decisions, row.code)?.offer) return null;
  if (row.reply_by) return new Date(row.reply_by);
  return defaultReplyBy(tenant, row.released_at ? new Date(row.released_at) : now);
}

function valuesOf(tenant: TenantConfig, row: DecisionRow, facts: LetterFacts, now: Date): LetterValues {
  const replyBy = replyByOf(tenant, row, now);
  return {
    first_name: facts.first_name,
    last_name: facts.last_name,
    name: facts.preferred_name || facts.first_name,
    program: facts.program_label,
    term: facts.entry_term_label,
    reply_by: replyBy ? formatInZone(replyBy, tenant.time_zone) : '',
    conditions: row.conditions,
    institution: tenant.partnerName,
    decision: codeOf(tenant.decisions, row.code)?.label ?? row.code,
  };
}

/** The letter of a decision's own code, as escaped HTML: an admit letter is never shown for a deny. */
export function decisionLetterHtml(tenant: TenantConfig, row: DecisionRow, facts: LetterFacts, now: Date): string {
  const code = codeOf(tenant.decisions, row.code);
  return code ? letterHtml(code.letter, valuesOf(tenant, row, facts, now)) : '';
}

/** The letter as plain text for its PDF: paragraphs, conditions as bullets, then the reasons shown to the applicant. */
export function decisionLetterText(tenant: TenantConfig, row: DecisionRow, facts: LetterFacts, now: Date): string {
  const code = codeOf(tenant.decisions, row.code);
  if (!code) return '';
  const paragraphs = letterParagraphs(code.letter, valuesOf(tenant, row, facts, now)).map((p) =>
    Array.isArray(p) ? p.map((c) => `  • ${c}`).join('\n') : p,
  );
  const reasons = tenant.decisions.show_reasons ? reasonsShown(tenant.decisions, row) : [];
  if (reasons.length)
    paragraphs.push(
      `The reasons for our decision:\n${reasons.map((r) => `  • ${r.label}${r.details ? `: ${r.details}` : ''}`).join('\n')}`,
    );
  return paragraphs.join('\n\n');
}
