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
import type { ApplicationRow, PageRow } from './application-rows';
import { isoInstant } from './iso-instant';

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
export async function releasedDecisions(
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

/** What the read API stores of an application (api-views.ts): all it shows but its row's own columns and decision. */
export interface StoredView {
  /** The JSON of program, term, answers shown, checklist and campus IDs, as the API sends it. */
  json: string;
  /** When its checklist may next read otherwise with time alone (checklist-changes-at.ts). */
  freshUntil: Date;
}

/**
 * The stored part of these applications' views, derived now: a handful of reads whatever their number (the
 * checklists' batch, the IDs), so a batch of 200 costs what one does, or near it. The rows were read before any of
 * this (their version first, then what the view is made of), so a change that lands between is a later version.
 */
export async function deriveViews(
  deps: Pick<AppDeps, 'clock' | 'config'>,
  ctx: FormContext,
  rows: readonly ApplicationRow[],
  db: Queryable,
): Promise<Map<string, StoredView>> {
  const out = new Map<string, StoredView>();
  if (rows.length === 0) return out;
  const ids = rows.map((r) => r.id);
  const [checklists, externalIds] = await Promise.all([loadChecklists(deps, ctx, ids, db), externalIdsOf(db, ids)]);
  for (const row of rows) {
    const answers = row.answers ?? {};
    const checklist = checklists.get(row.id);
    const stored = {
      program: answers.applied_major ?? '',
      term: answers.entry_term ?? '',
      answers: answersShown(ctx.formAsKept(row.kept_basis), answers),
      checklist: (checklist?.items ?? []).map((item) => ({
        key: item.key,
        label: item.label,
        kind: item.kind,
        state: item.state,
        updated_at: item.updated_at,
      })),
      external_ids: externalIds.get(row.id) ?? {},
    } satisfies Omit<ApiV1Application, 'id' | 'cycle' | 'state' | 'submitted_at' | 'updated_at' | 'decision'>;
    out.set(row.id, {
      json: JSON.stringify(stored),
      freshUntil: checklist?.changesAt ?? new Date(deps.clock.now().getTime() + 60_000),
    });
  }
  return out;
}

/** Each cycle's id as a JSON string, made once: a page's applications are of a few cycles. */
const cycleJson = new Map<string, string>();

function cycleAsJson(cycle: string): string {
  let json = cycleJson.get(cycle);
  if (json === undefined) {
    // Ids are the tenant file's and cycle_history's, a handful; a bound all the same.
    if (cycleJson.size >= 1000) cycleJson.clear();
    cycleJson.set(cycle, (json = JSON.stringify(cycle)));
  }
  return json;
}

/**
 * One application as the API sends it (apiV1Application), as JSON text in pieces to be written one after the other:
 * its row's own columns, then the stored view's (spliced in as they are, never parsed again), then the decision for a
 * token with decisions:read. Pieces rather than one string: joined, the view (about 1.6 KB) would be copied once more
 * to flatten the joined string before its bytes are written (listAnswer writes each piece as it is).
 *
 * The head is written as text, not by JSON.stringify of an object: its id is a uuid as PostgreSQL writes one (hex
 * digits and dashes), its cycle JSON once a cycle, its state one of three words and its instants isoInstant's digits,
 * so nothing in it needs escaping. With toISOString twice an application, building the head was about 9% of the
 * server's time a list call (docs/performance/api-v1.md, 2026-12-01).
 */
export function applicationJsonParts(
  row: PageRow,
  view: string,
  decision: ApiV1Decision | null | undefined,
): readonly string[] {
  const state: ApiV1Application['state'] = row.withdrawn
    ? 'withdrawn'
    : row.submitted_ms !== null
      ? 'submitted'
      : 'in_progress';
  const submittedAt = row.submitted_ms === null ? 'null' : `"${isoInstant(row.submitted_ms)}"`;
  // The head's members, then the view's (its own opening brace dropped); the view's closing brace closes the
  // application, or the decision's piece does.
  const head = `{"id":"${row.id}","cycle":${cycleAsJson(row.cycle ?? '')},"state":"${state}","submitted_at":${submittedAt},"updated_at":"${isoInstant(row.updated_ms)}",`;
  if (decision === undefined) return [head, view.slice(1)];
  return [head, view.slice(1, -1), `,"decision":${JSON.stringify(decision)}}`];
}
