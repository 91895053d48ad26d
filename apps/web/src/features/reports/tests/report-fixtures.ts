import type {
  EqualityReport,
  FunnelReport,
  PaceReport,
  ReportFilters,
  ReportKind,
  ReportOf,
  ReviewersReport,
  TimingReport,
  YieldReport,
} from '@admissions/domain';
import { json, type SeenRequest } from '../../../test/fetch-stub';

/** Answers of GET /api/staff/reports/{kind}, as the server draws them (issue 47), with numbers made up by hand. */
const MAE = { code: 'MAE', label: 'MA in Education' };
const MAPP = { code: 'MAPP', label: 'MA in Applied Psychology' };
const CYCLES = [
  { id: '2026-27', label: '2026–27' },
  { id: '2025-26', label: '2025–26' },
];

export function filtersOf(query: URLSearchParams, includesUnreleased = true): ReportFilters {
  const cycle = CYCLES.find((c) => c.id === query.get('cycle')) ?? CYCLES[0]!;
  const program = query.get('program');
  return {
    cycle,
    program,
    programs: program ? [MAE, MAPP].filter((p) => p.code === program) : [MAE, MAPP],
    cycles: CYCLES,
    includes_unreleased: includesUnreleased,
  };
}

const base = (filters: ReportFilters) => ({ generated_at: '2026-11-02T15:00:00.000Z', filters });

export const funnel = (filters: ReportFilters): FunnelReport => ({
  ...base(filters),
  rows: [
    { step: 'started', label: 'Started', count: 400, share: null },
    { step: 'submitted', label: 'Submitted', count: 312, share: 0.78 },
    { step: 'complete', label: 'Complete', count: 250, share: 0.8013 },
    { step: 'in_review', label: 'In review', count: 200, share: 0.8 },
    { step: 'decided', label: 'Decided', count: 120, share: 0.6 },
    { step: 'released', label: 'Released', count: 100, share: 0.8333 },
    { step: 'accepted', label: 'Accepted', count: 45, share: 0.45 },
    { step: 'declined', label: 'Declined', count: 20, share: 0.2 },
    { step: 'withdrawn', label: 'Withdrawn', count: 6, share: 0.06 },
  ],
  decided_by_code: [
    { code: 'admit', label: 'Admitted', count: 80 },
    { code: 'deny', label: 'Denied', count: 40 },
  ],
});

export const pace = (filters: ReportFilters): PaceReport => ({
  ...base(filters),
  cycle_opens: { ...CYCLES[0]!, opens: '2026-09-01', opens_recorded: true },
  previous_cycle: { ...CYCLES[1]!, opens: '2025-09-01', opens_recorded: true },
  rows: [
    { day: 0, date: '2026-09-01', this_cycle: 0, last_cycle: 0 },
    { day: 1, date: '2026-09-02', this_cycle: 150, last_cycle: 120 },
    { day: 2, date: '2026-09-03', this_cycle: 312, last_cycle: 274 },
    { day: 3, date: '2026-09-04', this_cycle: null, last_cycle: 300 },
  ],
  today: { day: 2, this_cycle: 312, last_cycle: 274, difference: 38 },
});

export const timing = (filters: ReportFilters): TimingReport => ({
  ...base(filters),
  rows: [
    {
      program: 'MAE',
      program_label: MAE.label,
      step: 'submitted_to_complete',
      count: 250,
      median_days: 6,
      p90_days: 15,
    },
    {
      program: 'MAE',
      program_label: MAE.label,
      step: 'complete_to_first_review',
      count: 200,
      median_days: 4,
      p90_days: 9,
    },
    {
      program: 'MAE',
      program_label: MAE.label,
      step: 'complete_to_release',
      count: 100,
      median_days: 21,
      p90_days: 40,
    },
    {
      program: 'MAPP',
      program_label: MAPP.label,
      step: 'submitted_to_complete',
      count: 3,
      median_days: 2,
      p90_days: 3,
    },
  ],
});

export const yieldOf = (filters: ReportFilters): YieldReport => ({
  ...base(filters),
  rows: [
    {
      program: 'MAE',
      program_label: MAE.label,
      term: '2027FA',
      term_label: 'Fall 2027',
      offers: 80,
      accepted: 40,
      declined: 18,
      withdrawn: 2,
      no_answer: 16,
      lapsed: 4,
    },
    {
      program: 'MAPP',
      program_label: MAPP.label,
      term: '2027FA',
      term_label: 'Fall 2027',
      offers: 20,
      accepted: 5,
      declined: 5,
      withdrawn: 0,
      no_answer: 8,
      lapsed: 2,
    },
  ],
});

export const reviewers = (filters: ReportFilters): ReviewersReport => ({
  ...base(filters),
  rows: [
    {
      reviewer: 'rita@college.test',
      reviewer_name: 'Rita Reyes',
      assigned: 120,
      submitted: 110,
      median_days_to_review: 3,
      mean_score: 3.8,
      score_spread: 0.7,
      mean_difference: 0.4,
    },
    {
      // Invited before members had names (issue 49): the report shows the address.
      reviewer: 'sam@college.test',
      reviewer_name: null,
      assigned: 140,
      submitted: 120,
      median_days_to_review: 5.5,
      mean_score: 3.1,
      score_spread: 1.1,
      mean_difference: -0.6,
    },
  ],
});

const cell = (count: number | null, share: number | null) => ({ count, share, suppressed: count === null });

export const equality = (filters: ReportFilters): EqualityReport => ({
  ...base(filters),
  min_cell: 5,
  totals: { applied: 312, offered: 100, accepted: 45 },
  rows: [
    {
      question: 'gender',
      question_label: 'Gender',
      answer: 'female',
      answer_label: 'Female',
      applied: cell(180, 0.577),
      offered: cell(60, 0.6),
      accepted: cell(27, 0.6),
    },
    {
      question: 'gender',
      question_label: 'Gender',
      answer: 'male',
      answer_label: 'Male',
      applied: cell(120, 0.385),
      offered: cell(37, 0.37),
      accepted: cell(16, 0.356),
    },
    {
      question: 'gender',
      question_label: 'Gender',
      answer: 'nonbinary',
      answer_label: 'Non-binary',
      applied: cell(8, 0.026),
      offered: cell(null, null),
      accepted: cell(null, null),
    },
    {
      question: 'gender',
      question_label: 'Gender',
      answer: '',
      answer_label: 'Not answered',
      applied: cell(null, null),
      offered: cell(null, null),
      accepted: cell(0, 0),
    },
    {
      question: 'citizenship',
      question_label: 'Citizenship',
      answer: 'US',
      answer_label: 'US citizen',
      applied: cell(300, 0.96),
      offered: cell(96, 0.96),
      accepted: cell(43, 0.956),
    },
    {
      question: 'citizenship',
      question_label: 'Citizenship',
      answer: 'prefer_not',
      answer_label: 'Prefer not to say',
      applied: cell(12, 0.04),
      offered: cell(null, null),
      accepted: cell(null, null),
    },
  ],
});

const DRAW: { [K in ReportKind]: (filters: ReportFilters) => ReportOf<K> } = {
  funnel,
  pace,
  timing,
  yield: yieldOf,
  reviewers,
  equality,
};

/** The report calls for stubFetch, each answering its fixture for the cycle and program asked for. */
export function reportHandlers(includesUnreleased = true) {
  return Object.fromEntries(
    Object.entries(DRAW).map(([kind, draw]) => [
      `GET /api/staff/reports/${kind}`,
      (r: SeenRequest) => json(draw(filtersOf(new URL(r.path, 'http://localhost').searchParams, includesUnreleased))),
    ]),
  );
}
