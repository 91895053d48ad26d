import { REPORT_MIN_CELL_DEFAULT, type EqualityCell, type EqualityRow } from '@admissions/domain';
import { AppError } from '../../http/app-error';
import { equalityQuestions, type EqualityQuestion } from './equality-questions';
import type { ReportDefinition } from './report-definition';
import { OFFER_JOIN, offerCodes, SCOPED_APPLICATION, scopeParams } from './report-scope';
import { suppressedCells } from './suppress-cells';

type Counts = { applied: number; offered: number; accepted: number };
const COLUMNS = ['applied', 'offered', 'accepted'] as const;

/**
 * Every question's answers counted in one pass over the scope: one grouping set a question (its column k<i>,
 * '' for not answered, the others null in its rows) and the empty set for the exact totals. Offered: the current
 * released decision is an offer; accepted: that offer was accepted. $3 the offer codes, $4… the answer keys.
 */
function equalitySql(questions: number): string {
  const keys = Array.from({ length: questions }, (_, i) => `k${i}`);
  const columns = keys.map((k, i) => `btrim(coalesce(a.answers ->> $${i + 4}::text, '')) AS ${k}`);
  return `
    WITH scope AS (
      SELECT ${[...columns, ''].join(', ')}
        d.user_id IS NOT NULL AS offered, coalesce(d.response = 'accept', false) AS accepted
      FROM applications a
      LEFT JOIN ${OFFER_JOIN('$3')}
      WHERE ${SCOPED_APPLICATION})
    SELECT ${[...keys, ''].join(', ')}
      count(*)::int AS applied, count(*) FILTER (WHERE offered)::int AS offered,
      count(*) FILTER (WHERE accepted)::int AS accepted
    FROM scope
    GROUP BY GROUPING SETS (${[...keys.map((k) => `(${k})`), '()'].join(', ')})`;
}

/** The rows of one question: its options (all, or those chosen), any other stored value, then the blank. */
function answerRows(q: EqualityQuestion, counts: Map<string, Counts>) {
  const known = new Set(q.options.map((o) => o.value));
  const options = q.listAll ? q.options : q.options.filter((o) => counts.has(o.value));
  // A value no option has (a form changed since): its own row, as stored. The CSV neutralises a formula in it.
  const others = [...counts.keys()].filter((v) => v !== '' && !known.has(v)).sort();
  return [...options, ...others.map((value) => ({ value, label: value })), { value: '', label: q.blankLabel }].map(
    (o) => ({ answer: o.value, answer_label: o.label, counts: counts.get(o.value) ?? ZERO }),
  );
}

const ZERO: Counts = { applied: 0, offered: 0, accepted: 0 };
const share = (n: number, total: number) => (total === 0 ? null : Math.round((n / total) * 10_000) / 10_000);

/** REPORT_SCOPE_TOO_SMALL's message, naming the tenant's smallest group. */
export const scopeTooSmallMessage = (minCell: number) =>
  `Fewer than ${minCell} submitted applications in this choice: the equality report is not shown for so few, so no one's answers can be told.`;

/**
 * Equality (issue 47): applied (every submitted application, withdrawn ones included), offered (a released
 * offer) and accepted, by each demographic answer of the About step, with each cell's share of its column.
 * Counts are of applications. Small cells are suppressed here, on the server (suppress-cells.ts: any count from
 * 1 to `reports.min_cell` − 1, and what it takes so none can be worked out from the exact totals), per question
 * and column, on the counts of exactly the scope drawn. The CSV is written from the same answer.
 *
 * "Never program-limited below min_cell": equality answers are not readable per application, so the report must
 * not tell one person's answer either. Hence two rules beyond the cells':
 * - It is never drawn for one program (`byProgram: false`: `?program=` is 400 REPORT_PROGRAM_NOT_ALLOWED). The
 *   whole scope less one program's report would give the other programs' small cells exactly (Female 4 in all,
 *   3 in MAE: 1 in MAAS). Its scope is fixed per member and cycle: every program they may see, together.
 * - A scope of 1 to `min_cell` − 1 submitted applications is refused (409 REPORT_SCOPE_TOO_SMALL, JSON and CSV
 *   alike): with exact totals that small, every non-zero cell is the total less a few zeros (one application,
 *   one hidden cell, zeros elsewhere: that applicant's answer). A scope of none is drawn: all zeros, no one's.
 *
 * What these rules do not stop, said plainly:
 * - The same scope read at two times: the report before and after one submission (or one released offer, or
 *   one acceptance) differs by that one application. Anyone who reads it often and knows whose file changed in
 *   between can tell that person's answers. The counts are not perturbed or delayed against this.
 * - Two members of different program limits: a member limited to MAE and one who sees every program (or an
 *   administrator, who can set a member's limits) can subtract their reports as above. Program limits are for
 *   the office's work, not a boundary of this report.
 * - Cycles do not overlap, so they cannot be subtracted from each other.
 */
export const equalityReport: ReportDefinition<'equality'> = {
  kind: 'equality',
  byProgram: false,
  async draw({ deps, form, filters }) {
    const minCell = deps.config.tenant.reports?.min_cell ?? REPORT_MIN_CELL_DEFAULT;
    const questions = equalityQuestions(form.form);
    const { rows } = await deps.db.query<Record<string, string | number | null>>(equalitySql(questions.length), [
      ...scopeParams(filters),
      offerCodes(deps.config.tenant),
      ...questions.map((q) => q.key),
    ]);
    const byQuestion = questions.map(() => new Map<string, Counts>());
    let totals: Counts = ZERO;
    for (const row of rows) {
      const counts = { applied: Number(row.applied), offered: Number(row.offered), accepted: Number(row.accepted) };
      const i = questions.findIndex((_, k) => row[`k${k}`] !== null);
      if (i === -1) totals = counts;
      else byQuestion[i]!.set(String(row[`k${i}`]), counts);
    }
    if (totals.applied > 0 && totals.applied < minCell) {
      throw new AppError('REPORT_SCOPE_TOO_SMALL', { message: scopeTooSmallMessage(minCell) });
    }
    const out: EqualityRow[] = [];
    for (const [i, q] of questions.entries()) {
      const answers = answerRows(q, byQuestion[i]!);
      const hidden = Object.fromEntries(
        COLUMNS.map((c) => [
          c,
          suppressedCells(
            answers.map((a) => a.counts[c]),
            minCell,
          ),
        ]),
      ) as Record<(typeof COLUMNS)[number], boolean[]>;
      const cell = (c: (typeof COLUMNS)[number], j: number): EqualityCell =>
        hidden[c][j]
          ? { count: null, share: null, suppressed: true }
          : { count: answers[j]!.counts[c], share: share(answers[j]!.counts[c], totals[c]), suppressed: false };
      for (const [j, a] of answers.entries()) {
        out.push({
          question: q.key,
          question_label: q.label,
          answer: a.answer,
          answer_label: a.answer_label,
          applied: cell('applied', j),
          offered: cell('offered', j),
          accepted: cell('accepted', j),
        });
      }
    }
    return { rows: out, min_cell: minCell, totals };
  },
  csv: (report) => {
    // One label for every hidden cell: a small one and one withheld to protect it must read alike.
    const hidden = `fewer than ${report.min_cell}, or withheld`;
    const cells = (c: EqualityCell) => [c.suppressed ? hidden : c.count, c.share];
    return {
      header: [
        'Question',
        'Question name',
        'Answer',
        'Answer name',
        'Applied',
        'Applied share',
        'Offered',
        'Offered share',
        'Accepted',
        'Accepted share',
      ],
      rows: [
        ...report.rows.map((r) => [
          r.question,
          r.question_label,
          r.answer,
          r.answer_label,
          ...cells(r.applied),
          ...cells(r.offered),
          ...cells(r.accepted),
        ]),
        ['', 'Total', '', '', report.totals.applied, null, report.totals.offered, null, report.totals.accepted, null],
      ],
    };
  },
};
