import type {
  DecisionCodesResponse,
  DecisionHistoryResponse,
  StaffApplicationDetail,
  StaffChecklistItem,
  StaffMeResponse,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, ROWS } from './console-server';

const LETTER: StaffChecklistItem = {
  key: 'letter:recommender_',
  label: 'Letter from Grace Hopper',
  state: 'awaiting_recommender',
  // 9:00 in Chicago (the tenant's zone, test/fixtures.ts).
  updated_at: '2026-11-02T15:00:00.000Z',
  kind: 'letter',
};
const TRANSCRIPT: StaffChecklistItem = {
  key: 'college_transcript_upload',
  label: 'College transcript',
  state: 'received',
  updated_at: '2026-11-01T15:30:00.000Z',
  kind: 'document',
  request: {
    message: 'A clearer copy, please.',
    requested_by: 'dean@college.test',
    requested_at: '2026-10-31T15:00:00.000Z',
    answered_at: '2026-11-01T15:30:00.000Z',
  },
};

const SENT_LATER: StaffChecklistItem = {
  key: 'college_2_transcript_upload',
  label: 'Second transcript',
  state: 'awaiting',
  updated_at: null,
  kind: 'document',
};

/** The console over Ada's application with a checklist, whose waivers and receipts change it as the server would. */
function openAda(who: StaffMeResponse, withSentLater = false) {
  setLoggedInCookie();
  let checklist = withSentLater ? [LETTER, TRANSCRIPT, SENT_LATER] : [LETTER, TRANSCRIPT];
  const base = `/api/staff/applications/${ADA}`;
  const server = consoleServer(who);
  const { callsTo } = stubFetch({
    ...server.handlers,
    [`GET ${base}`]: () => json({ ...detail(ROWS[0]!), checklist } satisfies StaffApplicationDetail),
    // A decider's page also shows the decision panel: no decision yet.
    [`GET ${base}/decisions`]: () =>
      json({
        state: null,
        current: null,
        letter_html: null,
        withdrawn: null,
        history: [],
      } satisfies DecisionHistoryResponse),
    'GET /api/staff/decision-codes': () =>
      json({
        codes: [],
        deny_reasons: [],
        reply_days: 14,
        time_zone: 'America/Chicago',
      } satisfies DecisionCodesResponse),
    [`POST ${base}/waivers`]: (r) => {
      const { item_key, reason } = r.body as { item_key: string; reason: string };
      checklist = checklist.map((i) => (i.key === item_key ? { ...i, state: 'waived', waiver_reason: reason } : i));
      return json({ complete: true, items: checklist });
    },
    [`POST ${base}/receipts`]: (r) => {
      const { item_key, note } = r.body as { item_key: string; note: string };
      checklist = checklist.map((i) =>
        i.key === item_key
          ? {
              ...i,
              state: 'received',
              updated_at: '2026-11-03T15:00:00.000Z',
              receipt: { note, received_by: who.email, received_at: '2026-11-03T15:00:00.000Z' },
            }
          : i,
      );
      return json({ complete: false, items: checklist });
    },
    [`DELETE ${base}/receipts`]: () => {
      checklist = [LETTER, TRANSCRIPT, SENT_LATER];
      return json({ complete: false, items: checklist });
    },
    [`DELETE ${base}/waivers`]: () => {
      checklist = [LETTER, TRANSCRIPT];
      return json({ complete: false, items: checklist });
    },
  });
  return { callsTo, ...renderApp(`/staff/applications/${ADA}`) };
}

const checklistSection = () => screen.findByRole('region', { name: /^Checklist/ });

describe("the office's checklist: times in the institution's zone, waivers", { timeout: 30_000 }, () => {
  test('each time names its zone', async () => {
    openAda(me('dean@college.test', ['admin']));
    const section = await checklistSection();
    expect(section).toHaveTextContent(
      'Letter from Grace Hopper: Awaiting recommender (9:00 am Central Time on Monday, 2 November 2026)',
    );
    expect(section).toHaveTextContent('answered 9:30 am Central Time on Sunday, 1 November 2026');
  });

  test('a decider waives an item with a reason in a dialog, and takes the waiver back', async () => {
    const { user, callsTo } = openAda(me('dora@college.test', ['decider']));
    const section = await checklistSection();
    // A received item needs no waiver.
    expect(within(section).queryByRole('button', { name: 'Waive: College transcript' })).toBeNull();

    const trigger = within(section).getByRole('button', { name: 'Waive: Letter from Grace Hopper' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Waive Letter from Grace Hopper' });
    // No reason: the dialog says so and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText('Reason for the waiver')).toHaveAccessibleDescription(
        'Please give a reason for the waiver.',
      ),
    );
    expect(callsTo(`POST /api/staff/applications/${ADA}/waivers`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Reason for the waiver'), 'The director knows her work.');
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(callsTo(`POST /api/staff/applications/${ADA}/waivers`).map((c) => c.body)).toEqual([
      { item_key: 'letter:recommender_', reason: 'The director knows her work.' },
    ]);
    await waitFor(() =>
      expect(section).toHaveTextContent(
        'Letter from Grace Hopper: Waived (9:00 am Central Time on Monday, 2 November 2026) — waived: The director knows her work.',
      ),
    );

    await user.click(
      await within(section).findByRole('button', { name: 'Take back waiver: Letter from Grace Hopper' }),
    );
    await waitFor(() => expect(section).toHaveTextContent('Letter from Grace Hopper: Awaiting recommender'));
    expect(callsTo(`DELETE /api/staff/applications/${ADA}/waivers`).map((c) => c.path)).toEqual([
      `/api/staff/applications/${ADA}/waivers?item_key=letter%3Arecommender_`,
    ]);
  });

  test('by keyboard alone: Enter opens the dialog in it, Escape closes it and gives focus back', async () => {
    const { user } = openAda(me('dean@college.test', ['admin']));
    const section = await checklistSection();
    const trigger = within(section).getByRole('button', { name: 'Waive: Letter from Grace Hopper' });
    trigger.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Waive Letter from Grace Hopper' });
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(trigger).toHaveFocus();
  });

  test('a reviewer may ask for a document again but sees no waiver', async () => {
    openAda(me('rita@college.test', ['reviewer']));
    const section = await checklistSection();
    expect(within(section).getByRole('button', { name: 'Ask for this again: College transcript' })).toBeVisible();
    expect(within(section).queryByRole('button', { name: /^Waive/ })).toBeNull();
  });
});

describe('the list: the Complete filter', { timeout: 30_000 }, () => {
  test('asks the server for the complete applications, then for those not complete', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(consoleServer(me('dean@college.test', ['admin'])).handlers);
    const { user } = renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    await user.selectOptions(screen.getByLabelText('Complete'), 'Complete');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/applications').at(-1)?.path).toBe('/api/staff/applications?complete=yes'),
    );

    await user.selectOptions(screen.getByLabelText('Complete'), 'Not complete');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/applications').at(-1)?.path).toBe('/api/staff/applications?complete=no'),
    );
  });

  test('a transcript sent by post: asked for (never "again"), or marked received with a note, and taken back (issue 41)', async () => {
    const { user, callsTo } = openAda(me('rita@college.test', ['reviewer']), true);
    const section = await checklistSection();
    expect(section).toHaveTextContent('Second transcript: To be sent');
    expect(within(section).getByRole('button', { name: 'Ask for this: Second transcript' })).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Mark received: Second transcript' }));
    await user.type(
      within(section).getByLabelText('How Second transcript arrived (for the office only)'),
      'Official copy by post.',
    );
    await user.click(within(section).getByRole('button', { name: 'Mark received' }));
    await waitFor(() =>
      expect(section).toHaveTextContent(
        'Second transcript: Received (9:00 am Central Time on Tuesday, 3 November 2026)',
      ),
    );
    expect(section).toHaveTextContent('— received by rita@college.test: “Official copy by post.”');
    expect(callsTo(`POST /api/staff/applications/${ADA}/receipts`).map((c) => c.body)).toEqual([
      { item_key: 'college_2_transcript_upload', note: 'Official copy by post.' },
    ]);

    await user.click(within(section).getByRole('button', { name: 'Take back the receipt: Second transcript' }));
    await waitFor(() => expect(section).toHaveTextContent('Second transcript: To be sent'));
    expect(callsTo(`DELETE /api/staff/applications/${ADA}/receipts`)).toHaveLength(1);
  });
});
