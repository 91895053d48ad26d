import {
  equalityAnswerKeys,
  hiddenAnswerKeys,
  listAnswerKeys,
  type Answers,
  type ApiV1Application,
  type ApiV1Decision,
  type FormDefinition,
  type TenantConfig,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import type { Queryable } from '../../infra/db/db';
import { loadChecklists } from '../checklist';
import { externalIdsOf } from '../staff';
import type { ApplicationRow } from './application-rows';

const answerKeysOf = new WeakMap<FormDefinition, ReadonlySet<string>>();

/**
 * What the office passes on of an application's answers: the form's own keys, without
 * - the equality monitoring answers (issue 47): they are for the aggregate reports, never for reading one
 *   application; the office's packet and print view leave them out, and a student-record system is such a reader;
 * - answers the other answers hide (a question of a program no longer chosen): the applicant took them back, as the
 *   checklist, the copy and the office's documents read them (domain clearing.ts).
 * Citizenship stays, as in the packet: admission rules and immigration documents turn on it.
 */
export function answersShown(form: FormDefinition, answers: Answers): Record<string, string> {
  let keys = answerKeysOf.get(form);
  if (!keys) answerKeysOf.set(form, (keys = new Set(listAnswerKeys(form))));
  const equality = equalityAnswerKeys(form);
  const hidden = hiddenAnswerKeys(form, answers);
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    if (typeof value === 'string' && keys.has(key) && !equality.has(key) && !hidden.has(key)) out[key] = value;
  }
  return out;
}

interface ReleasedDecisionRow {
  user_id: string;
  code: string;
  released_at: Date;
  reply_by: Date | null;
  response: 'accept' | 'decline' | null;
  response_at: Date | null;
  response_by_default: boolean;
}

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

/** The released decisions of these applications: a draft, a replaced one or a release still scheduled never. */
async function releasedDecisions(
  db: Queryable,
  tenant: TenantConfig,
  ids: readonly string[],
): Promise<Map<string, ApiV1Decision>> {
  const { rows } = await db.query<ReleasedDecisionRow>(
    `SELECT user_id, code, released_at, reply_by, response, response_at, response_by_default FROM decisions
     WHERE user_id = ANY ($1::uuid[]) AND status = 'released' AND released_at IS NOT NULL`,
    [ids],
  );
  const labels = new Map(tenant.decisions.codes.map((c) => [c.code, c.label]));
  return new Map(
    rows.map((r) => [
      r.user_id,
      {
        code: r.code,
        label: labels.get(r.code) ?? r.code,
        released_at: new Date(r.released_at).toISOString(),
        reply_by: iso(r.reply_by),
        response: r.response,
        responded_at: iso(r.response_at),
        response_by_default: r.response_by_default,
      },
    ]),
  );
}

/**
 * The API's view of these applications, in their order. A handful of reads whatever their number (the checklists'
 * batch, the released decisions, the IDs), so a page of 200 costs what a page of one does, or near it. `decision`
 * is there only for a token with decisions:read.
 */
export async function applicationViews(
  deps: Pick<AppDeps, 'clock' | 'config' | 'db'>,
  ctx: FormContext,
  rows: readonly ApplicationRow[],
  withDecisions: boolean,
): Promise<ApiV1Application[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [checklists, decisions, externalIds] = await Promise.all([
    loadChecklists(deps, ctx, ids, deps.db),
    withDecisions ? releasedDecisions(deps.db, deps.config.tenant, ids) : undefined,
    externalIdsOf(deps.db, ids),
  ]);
  return rows.map((row) => {
    const answers = row.answers ?? {};
    return {
      id: row.id,
      cycle: row.cycle ?? '',
      program: answers.applied_major ?? '',
      term: answers.entry_term ?? '',
      state: row.withdrawn ? 'withdrawn' : row.submitted_at ? 'submitted' : 'in_progress',
      submitted_at: iso(row.submitted_at),
      updated_at: new Date(row.api_updated_at).toISOString(),
      answers: answersShown(ctx.formAsKept(row.kept_basis), answers),
      checklist: (checklists.get(row.id)?.items ?? []).map((item) => ({
        key: item.key,
        label: item.label,
        kind: item.kind,
        state: item.state,
        updated_at: item.updated_at,
      })),
      ...(decisions ? { decision: decisions.get(row.id) ?? null } : {}),
      external_ids: externalIds.get(row.id) ?? {},
    };
  });
}
