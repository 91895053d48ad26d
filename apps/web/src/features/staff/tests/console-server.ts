import type {
  MfaStatus,
  Note,
  QueueItem,
  ReviewsResponse,
  RubricsResponse,
  Stage,
  StaffApplicationDetail,
  StaffListRow,
  StaffMeResponse,
  StaffRole,
  TeamMember,
} from '@admissions/domain';
import { ROLE_RIGHTS } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { applicantServer } from '../../../test/application-server';
import { json, type SeenRequest } from '../../../test/fetch-stub';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const ADA = '11111111-1111-4111-8111-111111111111';
export const ALAN = '22222222-2222-4222-8222-222222222222';

export const STAGES: Stage[] = [
  { id: 'awaiting-materials', label: 'Awaiting materials' },
  { id: 'ready-for-review', label: 'Ready for review' },
  { id: 'committee-review', label: 'Committee review' },
];

export const RUBRICS: RubricsResponse = {
  default: {
    criteria: [
      { id: 'academics', label: 'Academic record', min: 1, max: 5 },
      { id: 'fit', label: 'Fit with the program', min: 1, max: 5 },
    ],
    overall: 'average',
  },
};

export function row(userId: string, last: string, first: string, extra: Partial<StaffListRow> = {}): StaffListRow {
  return {
    user_id: userId,
    email: `${first.toLowerCase()}@example.edu`,
    first_name: first,
    last_name: last,
    preferred_name: '',
    program: 'MAE',
    program_label: 'MA in Education',
    entry_term: '2027FA',
    entry_term_label: 'Fall 2027',
    web_status: 'submitted',
    last_change: '2026-11-02T09:00:00.000Z',
    submitted_at: '2026-11-02T09:00:00.000Z',
    missing_count: 0,
    stage: 'ready-for-review',
    stage_label: 'Ready for review',
    stage_entered_at: '2026-11-02T09:00:00.000Z',
    days_in_stage: 3,
    overall_score: null,
    review_count: 0,
    complete: false,
    letters_requested: 0,
    letters_received: 0,
    late: false,
    cycle_id: '2026-27',
    decision: '',
    decision_label: '',
    decision_state: null,
    fee: null,
    deposit: null,
    applications_by_person: 1,
    ...extra,
  };
}

export const ROWS = [row(ADA, 'Lovelace', 'Ada', { overall_score: 4.5, review_count: 2 }), row(ALAN, 'Turing', 'Alan')];

export function detail(r: StaffListRow): StaffApplicationDetail {
  const { missing_count: _m, ...rest } = r;
  return {
    ...rest,
    status_history: [],
    checklist: [],
    missing_items: [],
    documents: [],
    recommendations: [],
    waived_letter_access: null,
    packet_url: `/api/staff/applications/${r.user_id}/packet`,
    other_applications: [],
    external_ids: {},
  };
}

export function me(
  email: string,
  roles: StaffRole[],
  programs: string[] | null = null,
  name: string | null = null,
): StaffMeResponse {
  return {
    username: email,
    email,
    name,
    roles,
    programs,
    rights: [...new Set(roles.flatMap((r) => ROLE_RIGHTS[r]))],
  };
}

export const MEMBERS: TeamMember[] = [
  {
    email: 'dean@college.test',
    name: null,
    roles: ['admin'],
    programs: null,
    status: 'active',
    invited_at: null,
    last_seen_at: '2026-11-02T15:30:00.000Z',
    from_environment: true,
    last_sign_in_at: '2026-11-02T15:00:00.000Z',
    last_sign_in_method: 'password',
    mfa_enrolled: true,
  },
  {
    email: 'rita@college.test',
    name: 'Rita Reyes',
    roles: ['reviewer'],
    programs: ['MAE'],
    status: 'invited',
    invited_at: '2026-11-01T14:00:00.000Z',
    last_seen_at: null,
    from_environment: false,
    last_sign_in_at: null,
    last_sign_in_method: null,
    mfa_enrolled: false,
  },
];

/** GET /api/staff/mfa of a password sign-in with an authenticator app, its second step passed. */
export const PASSWORD_SESSION: MfaStatus = {
  enrolled: true,
  methods: ['totp'],
  sign_in_method: 'password',
  second_factor_passed: true,
  required: true,
  passkeys: [],
  recovery_codes_left: 10,
};

export const QUEUE: QueueItem[] = [ADA, ALAN].map((id, i) => ({
  user_id: id,
  first_name: i === 0 ? 'Ada' : 'Alan',
  last_name: i === 0 ? 'Lovelace' : 'Turing',
  program: 'MAE',
  program_label: 'MA in Education',
  stage: 'ready-for-review',
  assigned_at: `2026-11-0${i + 1}T10:00:00.000Z`,
  submitted_at: '2026-10-30T10:00:00.000Z',
  has_draft: false,
}));

export const reviewsOf = (extra: Partial<ReviewsResponse> = {}): ReviewsResponse => ({
  rubric: RUBRICS.default!,
  mine: null,
  others: [],
  others_hidden: true,
  assigned_to_me: true,
  ...extra,
});

/**
 * The console's calls over in-memory state, for stubFetch: a logged-in staff
 * member (`who`), the list, the team, stages, rubrics, the queue, reviews and
 * notes of ADA and ALAN. Override single calls where a test needs another answer.
 */
export function consoleServer(who: StaffMeResponse) {
  const server = applicantServer({ username: who.email });
  const notes: Record<string, Note[]> = { [ADA]: [], [ALAN]: [] };
  const handlers: Record<string, Handler> = {
    ...server.handlers,
    'GET /api/profile': async (r) => {
      const profile = await (await server.handlers['GET /api/profile']!(r)).json();
      return json({ ...profile, is_staff: true });
    },
    'GET /api/staff/me': () => json(who),
    // A password session past its second step, and a campus certificate far from expiry (issue 44).
    'GET /api/staff/mfa': () => json(PASSWORD_SESSION),
    'GET /api/staff/sign-in-status': () =>
      json({ protocol: null, idp_certificate_expires_at: null, idp_certificate_expiring: false }),
    'GET /api/staff/applications': () => json({ rows: ROWS, page: 1, page_size: 50, total: 2, total_capped: false }),
    'GET /api/staff/stages': () => json({ stages: STAGES }),
    'GET /api/staff/rubrics': () => json(RUBRICS),
    'GET /api/staff/team': () => json({ members: MEMBERS }),
    'GET /api/staff/queue': () => json({ items: QUEUE }),
    'GET /api/staff/decision-codes': () =>
      json({
        codes: [
          { code: 'admit', label: 'Admitted', offer: true, conditions: false, reasons: false },
          { code: 'waitlist', label: 'Wait-listed', offer: false, conditions: false, reasons: false },
        ],
        deny_reasons: [],
        reply_days: 14,
        time_zone: 'America/Chicago',
      }),
    'GET /service/tmp-pdf': (r) =>
      json({
        answer: { ...completeAnswers(), first_name: r.path.includes('alan') ? 'Alan' : 'Ada' },
        add_another: {},
        document_answer: {},
        tabs: {},
      }),
  };
  for (const r of ROWS) {
    const base = `/api/staff/applications/${r.user_id}`;
    handlers[`GET ${base}`] = () => json(detail(r));
    handlers[`GET ${base}/reviews`] = () => json(reviewsOf());
    // No message sent to it yet (issue 46).
    handlers[`GET ${base}/messages`] = () => json({ messages: [] });
    // No decision yet: the review screen shows its panel to a member who decides (issue 41).
    handlers[`GET ${base}/decisions`] = () =>
      json({ state: null, current: null, letter_html: null, withdrawn: null, history: [] });
    handlers[`PUT ${base}/review`] = () => json({ ok: true });
    handlers[`GET ${base}/notes`] = () => json({ notes: notes[r.user_id] });
    handlers[`POST ${base}/notes`] = (req) => {
      const note = {
        id: String(notes[r.user_id]!.length + 1),
        author: who.email,
        author_name: who.name,
        text: (req.body as { text: string }).text,
        created_at: '2026-11-03T16:00:00.000Z',
      };
      notes[r.user_id]!.push(note);
      return json(note, 201);
    };
    handlers[`POST ${base}/print-token`] = () =>
      json({
        id: `tok-${r.first_name.toLowerCase()}`,
        token: `t-${r.first_name.toLowerCase()}`,
        print_url: `/?service_token=t-${r.first_name.toLowerCase()}`,
        expires_at: '2026-11-03T16:30:00.000Z',
      });
  }
  return { handlers, notes };
}
