import type {
  DecisionCodesResponse,
  DecisionHistoryResponse,
  DecisionRecord,
  StaffApplicationDetail,
} from '@admissions/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, ROWS } from './console-server';

const ADMIT: DecisionRecord = {
  id: 'd1',
  code: 'admit',
  label: 'Admitted',
  reasons: [],
  conditions: [],
  reply_by: null,
  status: 'provisional',
  decided_by: 'dean@college.test',
  decided_at: '2026-11-02T15:00:00.000Z',
  scheduled_release: null,
  released_at: null,
  released_by: null,
  viewed_at: null,
  response: null,
  response_at: null,
  response_by_default: false,
};
const SCHEDULED = { release_id: 'r1', at: '2026-12-01T15:00:00.000Z' };
const REPLACED: DecisionRecord = {
  ...ADMIT,
  id: 'd0',
  code: 'waitlist',
  label: 'Wait-listed',
  status: 'replaced',
  decided_by: 'dora@college.test',
  decided_at: '2026-11-01T15:00:00.000Z',
};

/** Ada's application with a provisional admit, for a decider; the calls the panel makes are answered as the server would. */
function openPanel(scheduled: typeof SCHEDULED | null = null) {
  setLoggedInCookie();
  const base = `/api/staff/applications/${ADA}`;
  const current = { ...ADMIT, scheduled_release: scheduled };
  const net = stubFetch({
    ...consoleServer(me('dean@college.test', ['decider'])).handlers,
    [`GET ${base}`]: () => json({ ...detail(ROWS[0]!), checklist: [] } satisfies StaffApplicationDetail),
    [`GET ${base}/decisions`]: () =>
      json({
        state: 'provisional',
        current,
        letter_html: '<p>Dear Ada,</p>',
        withdrawn: null,
        history: [current, REPLACED],
      } satisfies DecisionHistoryResponse),
    'GET /api/staff/decision-codes': () =>
      json({
        codes: [{ code: 'admit', label: 'Admitted', offer: true, conditions: false, reasons: false }],
        deny_reasons: [],
        reply_days: 14,
        time_zone: 'America/Chicago',
      } satisfies DecisionCodesResponse),
    'POST /api/staff/decisions/release': () => json({ message: '1 decision was released.' }),
    [`PUT ${base}/decision`]: () =>
      json({ message: 'The decision is recorded. It stays provisional until it is released.' }),
    'DELETE /api/staff/decisions/releases/r1': () =>
      json({ message: 'The scheduled release was cancelled. The decisions stay provisional.' }),
  });
  return { net, ...renderApp(`/staff/applications/${ADA}`) };
}

const panel = () => screen.findByRole('region', { name: 'Decision' });

describe('releasing a decision from the console (issue 41)', { timeout: 30_000 }, () => {
  test('"Release now" names who will be told and acts only once confirmed', async () => {
    const { net, user } = openPanel();
    await user.click(within(await panel()).getByRole('button', { name: 'Release now' }));
    const question = await screen.findByRole('dialog', { name: 'Release the decision now?' });
    expect(question).toHaveTextContent(
      '1 applicant will be told at once, by e-mail and on the status page: Ada Lovelace.',
    );
    await user.click(within(question).getByRole('button', { name: 'Not yet' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST /api/staff/decisions/release')).toHaveLength(0);

    await user.click(within(await panel()).getByRole('button', { name: 'Release now' }));
    const again = await screen.findByRole('dialog', { name: 'Release the decision now?' });
    await user.click(within(again).getByRole('button', { name: 'Release now to 1 applicant' }));
    const released = await within(await panel()).findByText('1 decision was released.');
    // Its button is gone with the dialog: focus is on what the release did (issue 49).
    await waitFor(() => expect(document.activeElement).toContainElement(released));
    expect(net.callsTo('POST /api/staff/decisions/release').map((c) => c.body)).toEqual([{ application_ids: [ADA] }]);
  });

  test("schedules at a date and time read in the institution's zone, its offset never typed", async () => {
    const { net, user } = openPanel();
    const at = within(await panel()).getByLabelText('Or release at (date and time, Central Time)');
    fireEvent.input(at, { target: { value: '2026-12-01T09:00' } });
    await user.click(within(await panel()).getByRole('button', { name: 'Schedule the release' }));
    // 9:00 am in Chicago in December is 15:00 UTC.
    await waitFor(() =>
      expect(net.callsTo('POST /api/staff/decisions/release').map((c) => c.body)).toEqual([
        { application_ids: [ADA], at: '2026-12-01T15:00:00.000Z' },
      ]),
    );
  });

  test('a scheduled release can be cancelled on the panel', async () => {
    const { net, user } = openPanel(SCHEDULED);
    await user.click(within(await panel()).getByRole('button', { name: 'Cancel the scheduled release' }));
    expect(await within(await panel()).findByText(/The scheduled release was cancelled/)).toBeInTheDocument();
    expect(net.callsTo('DELETE /api/staff/decisions/releases/r1')).toHaveLength(1);
  });

  test('a new decision over a scheduled release asks whether to keep the schedule', async () => {
    const { net, user } = openPanel(SCHEDULED);
    const form = within(await panel()).getByRole('form', { name: 'Record a decision' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Decision' }), 'admit');
    await user.click(within(form).getByRole('button', { name: 'Record the provisional decision' }));
    const question = await screen.findByRole('dialog', { name: 'Keep the scheduled release?' });
    expect(question).toHaveTextContent('9:00 am Central Time on Tuesday, 1 December 2026');
    expect(net.callsTo(`PUT /api/staff/applications/${ADA}/decision`)).toHaveLength(0);
    await user.click(within(question).getByRole('button', { name: 'Cancel the scheduled release' }));
    expect(await within(await panel()).findByText(/The scheduled release was cancelled/)).toBeInTheDocument();
    expect(net.callsTo(`PUT /api/staff/applications/${ADA}/decision`)).toHaveLength(1);
    expect(net.callsTo('DELETE /api/staff/decisions/releases/r1')).toHaveLength(1);
  });

  test('the panel shows the history: each decision, who recorded it and when', async () => {
    openPanel();
    const section = await panel();
    expect(within(section).getByRole('heading', { name: 'History' })).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Admitted (provisional): recorded by dean@college.test at 9:00 am Central Time on Monday, 2 November 2026',
      'Wait-listed (replaced before release): recorded by dora@college.test at 9:00 am Central Time on Sunday, 1 November 2026',
    ]);
  });
});
