import type { StaffApplicationDetail, StaffRecommendation } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { staffMe } from '../../../test/fixtures';

const USER_ID = '11111111-1111-4111-8111-111111111111';

const letter = (over: Partial<StaffRecommendation>): StaffRecommendation => ({
  id: 'r1',
  prefix: 'recommender_',
  name: 'Grace Hopper',
  email: 'grace.hopper@example.edu',
  organisation: 'Navy',
  position: 'Rear Admiral',
  relation: 'SUPERVISOR',
  status: 'REQUESTED',
  current: true,
  requested_at: '2026-03-03T12:00:00.000Z',
  received_at: null,
  declined_at: null,
  decline_reason: '',
  reminders_sent: 0,
  waived_at_receipt: null,
  letter_text: '',
  letter_file_name: '',
  letter_file_url: '',
  ...over,
});

function openApplication(recommendations: StaffRecommendation[], waived: boolean | null) {
  setLoggedInCookie();
  const detail: StaffApplicationDetail = {
    user_id: USER_ID,
    email: 'ada@example.edu',
    first_name: 'Ada',
    last_name: 'Lovelace',
    preferred_name: '',
    decision: '',
    decision_label: '',
    decision_state: null,
    fee: null,
    deposit: null,
    program: 'MAE',
    program_label: 'MA in Education',
    entry_term: '2027FA',
    entry_term_label: 'Fall 2027',
    web_status: 'submitted',
    complete: false,
    checklist: [],
    stage: null,
    stage_label: null,
    stage_entered_at: null,
    days_in_stage: null,
    overall_score: null,
    review_count: 0,
    late: false,
    cycle_id: '2026-27',
    last_change: '2026-03-10T09:00:00.000Z',
    submitted_at: '2026-03-10T09:00:00.000Z',
    status_history: [],
    missing_items: [],
    documents: [],
    recommendations,
    waived_letter_access: waived,
    packet_url: `/api/staff/applications/${USER_ID}/packet`,
    applications_by_person: 1,
    other_applications: [],
    external_ids: {},
  };
  const server = applicantServer({ username: 'dean@college.test' });
  stubFetch({
    ...server.handlers,
    'GET /api/profile': async (r) =>
      json({ ...(await (await server.handlers['GET /api/profile']!(r)).json()), is_staff: true }),
    'GET /api/staff/me': () => json(staffMe('dean@college.test')),
    [`GET /api/staff/applications/${USER_ID}`]: () => json(detail),
  });
  return renderApp(`/staff/applications/${USER_ID}`);
}

describe('letters on the staff application page', { timeout: 30_000 }, () => {
  test('a written letter, an uploaded one and a declined, replaced request, with the waiver', async () => {
    openApplication(
      [
        letter({
          id: 'r1',
          status: 'RECEIVED',
          received_at: '2026-03-09T12:00:00.000Z',
          reminders_sent: 1,
          waived_at_receipt: true,
          letter_text: 'Ada is the finest mathematician I know.\n\nShe will do well.',
        }),
        letter({
          id: 'r2',
          prefix: 'recommender_2_',
          name: 'Alan Turing',
          email: 'alan@example.edu',
          relation: 'PROF',
          status: 'RECEIVED',
          received_at: '2026-03-08T12:00:00.000Z',
          letter_file_name: 'turing.docx',
          letter_file_url: '/api/staff/recommendations/r2/letter',
        }),
        letter({
          id: 'r3',
          prefix: 'recommender_2_',
          name: 'Charles Babbage',
          email: 'charles@example.edu',
          status: 'DECLINED',
          current: false,
          declined_at: '2026-03-05T12:00:00.000Z',
          decline_reason: 'I am travelling.',
        }),
      ],
      true,
    );

    const section = await screen.findByRole('region', { name: 'Letters of recommendation' });
    expect(section).toHaveTextContent('Waived the right to read letters: Yes');

    const written = within(section).getByRole('article', { name: 'First recommender: Grace Hopper' });
    expect(written).toHaveTextContent('grace.hopper@example.edu');
    expect(written).toHaveTextContent('Navy');
    expect(written).toHaveTextContent('Rear Admiral');
    expect(written).toHaveTextContent('Employer or supervisor');
    expect(written).toHaveTextContent('StatusReceived');
    expect(written).toHaveTextContent('Reminders sent1');
    expect(written).toHaveTextContent('Waived when it arrivedYes');
    // Times are the institution's (America/Chicago in the fixtures), with the zone named; 9 March is after the
    // change to daylight time.
    expect(written).toHaveTextContent('Requested6:00 am Central Time on Tuesday, 3 March 2026');
    expect(written).toHaveTextContent('Received7:00 am Central Time on Monday, 9 March 2026');
    expect(within(written).getByRole('heading', { level: 4, name: 'Letter' })).toBeInTheDocument();
    expect(within(written).getByText(/Ada is the finest mathematician I know\./)).toHaveTextContent(
      'She will do well.',
    );

    const uploaded = within(section).getByRole('article', { name: 'Second recommender: Alan Turing' });
    expect(uploaded).toHaveTextContent('Waived when it arrivedNot answered');
    expect(within(uploaded).getByRole('link', { name: 'Open the letter (turing.docx) as PDF' })).toHaveAttribute(
      'href',
      '/api/staff/recommendations/r2/letter',
    );

    const replaced = within(section).getByRole('article', { name: 'Second recommender: Charles Babbage (replaced)' });
    expect(replaced).toHaveTextContent('StatusDeclined');
    expect(replaced).toHaveTextContent('Declined6:00 am Central Time on Thursday, 5 March 2026');
    expect(replaced).toHaveTextContent('No, replaced by the applicant');
    expect(replaced).toHaveTextContent('Reason for decliningI am travelling.');
  });

  test.each([
    [false, 'No'],
    [null, 'Not answered'],
  ])('the waiver %s reads %s; no letters yet', async (waived, words) => {
    openApplication([], waived);
    const section = await screen.findByRole('region', { name: 'Letters of recommendation' });
    expect(section).toHaveTextContent(`Waived the right to read letters: ${words}`);
    expect(section).toHaveTextContent('No letters have been requested.');
  });
});
