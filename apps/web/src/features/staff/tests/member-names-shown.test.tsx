import type {
  AuditEntry,
  DecisionCodesResponse,
  DecisionHistoryResponse,
  DecisionRecord,
  StaffApplicationDetail,
  StaffChecklistItem,
} from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, ROWS } from './console-server';

/**
 * Names, not e-mails (issue 49): the audit log's member, the checklist's "asked by", "received by" and "waived
 * by", and the decisions' "recorded by" and "released by" name the member; the address shows only for a member
 * without a name (the dean, an administrator from STAFF_EMAILS).
 */
const ADMIN = me('dean@college.test', ['admin']);
const GRACE = 'grace@college.test';

const entry = (id: string, staff_email: string, staff_name: string | null): AuditEntry => ({
  id,
  staff_email,
  staff_name,
  application_user_id: ADA,
  applicant_name: 'Ada Lovelace',
  may_open: true,
  action: 'view-application',
  detail: {},
  summary: `viewed the application (${id})`,
  count: 1,
  first_at: '2026-11-02T15:00:00.000Z',
  created_at: '2026-11-02T15:00:00.000Z',
});

const TRANSCRIPT: StaffChecklistItem = {
  key: 'college_transcript_upload',
  label: 'College transcript',
  state: 'received',
  updated_at: '2026-11-01T15:30:00.000Z',
  kind: 'document',
  request: {
    message: 'A clearer copy, please.',
    requested_by: GRACE,
    requested_by_name: 'Grace Hopper',
    requested_at: '2026-10-31T15:00:00.000Z',
    answered_at: '2026-11-01T15:30:00.000Z',
  },
  receipt: {
    note: 'Paper copy by post.',
    received_by: GRACE,
    received_by_name: 'Grace Hopper',
    received_at: '2026-11-01T15:30:00.000Z',
  },
};
const ABOUT: StaffChecklistItem = {
  key: 'answers:about',
  label: 'About you',
  state: 'waived',
  updated_at: '2026-11-01T15:30:00.000Z',
  kind: 'answers',
  waiver_reason: 'Known to us.',
  waived_by: GRACE,
  waived_by_name: 'Grace Hopper',
};
const RELEASED: DecisionRecord = {
  id: 'd1',
  code: 'admit',
  label: 'Admitted',
  reasons: [],
  conditions: [],
  reply_by: null,
  status: 'released',
  decided_by: GRACE,
  decided_by_name: 'Grace Hopper',
  decided_at: '2026-11-02T15:00:00.000Z',
  scheduled_release: null,
  released_at: '2026-11-02T16:00:00.000Z',
  released_by: 'dean@college.test',
  released_by_name: null,
  viewed_at: null,
  response: null,
  response_at: null,
  response_by_default: false,
};

describe('members by name, not by address (issue 49)', { timeout: 30_000 }, () => {
  test('the audit log names the member; a member without a name reads as their address', async () => {
    setLoggedInCookie();
    stubFetch({
      ...consoleServer(ADMIN).handlers,
      'GET /api/staff/audit': () =>
        json({
          entries: [entry('e2', GRACE, 'Grace Hopper'), entry('e1', 'dean@college.test', null)],
          upto: '2',
          page: 1,
          page_size: 50,
          has_more: false,
        }),
    });
    renderApp('/staff/audit');

    const hers = await screen.findByRole('row', { name: /\(e2\)/ });
    expect(within(hers).getByText('Grace Hopper')).toBeInTheDocument();
    expect(hers).not.toHaveTextContent(GRACE);
    expect(screen.getByRole('row', { name: /\(e1\)/ })).toHaveTextContent('dean@college.test');
  });

  test('the checklist and the decisions’ history name who asked, received, waived, recorded and released', async () => {
    setLoggedInCookie();
    const base = `/api/staff/applications/${ADA}`;
    stubFetch({
      ...consoleServer(ADMIN).handlers,
      [`GET ${base}`]: () =>
        json({ ...detail(ROWS[0]!), checklist: [TRANSCRIPT, ABOUT] } satisfies StaffApplicationDetail),
      [`GET ${base}/decisions`]: () =>
        json({
          state: 'released',
          current: RELEASED,
          letter_html: '<p>Dear Ada,</p>',
          withdrawn: null,
          history: [RELEASED],
        } satisfies DecisionHistoryResponse),
      'GET /api/staff/decision-codes': () =>
        json({
          codes: [{ code: 'admit', label: 'Admitted', offer: true, conditions: false, reasons: false }],
          deny_reasons: [],
          reply_days: 14,
          time_zone: 'America/Chicago',
        } satisfies DecisionCodesResponse),
    });
    renderApp(`/staff/applications/${ADA}`);

    const checklist = await screen.findByRole('region', { name: /Checklist/ });
    const transcript = within(checklist).getByText('College transcript').closest('li')!;
    expect(transcript).toHaveTextContent('received by Grace Hopper: “Paper copy by post.”');
    expect(transcript).toHaveTextContent('asked by Grace Hopper: “A clearer copy, please.”');
    const about = within(checklist).getByText('About you').closest('li')!;
    expect(about).toHaveTextContent('waived by Grace Hopper: Known to us.');
    expect(checklist).not.toHaveTextContent(GRACE);

    const decision = await screen.findByRole('region', { name: 'Decision' });
    const history = await within(decision).findByRole('listitem');
    expect(history).toHaveTextContent(
      /^Admitted \(released\): recorded by Grace Hopper at .*; released by dean@college\.test at /,
    );
  });
});
