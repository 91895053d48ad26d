import type { StaffApplicationDetail, StaffChecklistItem, StaffMeResponse } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, ROWS } from './console-server';

const TRANSCRIPT: StaffChecklistItem = {
  key: 'college_transcript_upload',
  label: 'College transcript',
  state: 'received',
  updated_at: '2026-11-01T15:30:00.000Z',
  kind: 'document',
};
const RESUME: StaffChecklistItem = {
  key: 'resume_upload',
  label: 'Résumé',
  state: 'missing',
  updated_at: null,
  kind: 'document',
};

const BASE = `/api/staff/applications/${ADA}`;

/** Ada's application with two documents, whose requests, receipts and waivers change it as the server would. */
function openAda(who: StaffMeResponse, path = `/staff/applications/${ADA}`) {
  setLoggedInCookie();
  let checklist = [TRANSCRIPT, RESUME];
  let stage = 'ready-for-review';
  const change = (key: string, to: Partial<StaffChecklistItem>) =>
    (checklist = checklist.map((i) => (i.key === key ? { ...i, ...to } : i)));
  const net = stubFetch({
    ...consoleServer(who).handlers,
    [`GET ${BASE}`]: () => json({ ...detail(ROWS[0]!), checklist, stage } satisfies StaffApplicationDetail),
    [`POST ${BASE}/requests`]: (r) => {
      const { item_key, message } = r.body as { item_key: string; message: string };
      change(item_key, {
        state: 'requested',
        request: { message, requested_by: who.email, requested_at: '2026-11-03T15:00:00.000Z', answered_at: null },
      });
      return json({ ok: true });
    },
    [`POST ${BASE}/receipts`]: (r) => {
      const { item_key, note } = r.body as { item_key: string; note: string };
      change(item_key, {
        state: 'received',
        receipt: { note, received_by: who.email, received_at: '2026-11-03T15:00:00.000Z' },
      });
      return json({ ok: true });
    },
    [`POST ${BASE}/waivers`]: (r) => {
      const { item_key, reason } = r.body as { item_key: string; reason: string };
      change(item_key, { state: 'waived', waiver_reason: reason });
      return json({ ok: true });
    },
    [`PUT ${BASE}/stage`]: (r) => {
      stage = (r.body as { stage: string }).stage;
      return json({ ok: true });
    },
    'DELETE /api/staff/print-tokens/tok-ada': () => json({ message: 'The print link no longer works.' }),
  });
  return { net, ...renderApp(path) };
}

const checklistSection = () => screen.findByRole('region', { name: /^Checklist/ });

describe('focus and offers that fit the person (issue 49)', { timeout: 30_000 }, () => {
  test("the application's page focuses its heading on arrival", async () => {
    openAda(me('dean@college.test', ['admin']));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await waitFor(() => expect(heading).toHaveFocus());
  });

  test('a reader is offered no request for a document, a reviewer is', async () => {
    openAda(me('rhea@college.test', ['reader']));
    const section = await checklistSection();
    expect(section).toHaveTextContent('College transcript: Received');
    expect(within(section).queryByRole('button', { name: /^Ask for this/ })).toBeNull();
    expect(within(section).queryByRole('button', { name: /^Mark received/ })).toBeNull();
  });

  test('asking for a document again, and marking one received, focus what was done', async () => {
    const { user, net } = openAda(me('rita@college.test', ['reviewer']));
    const section = await checklistSection();
    await user.click(within(section).getByRole('button', { name: 'Ask for this again: College transcript' }));
    await user.type(within(section).getByLabelText('Message to the applicant about College transcript'), 'Clearer.');
    await user.click(within(section).getByRole('button', { name: 'Send the request' }));
    const asked = await within(section).findByText('The applicant was asked for College transcript.');
    await waitFor(() => expect(asked).toHaveFocus());
    expect(net.callsTo(`POST ${BASE}/requests`).map((c) => c.body)).toEqual([
      { item_key: 'college_transcript_upload', message: 'Clearer.' },
    ]);

    await user.click(within(section).getByRole('button', { name: 'Mark received: Résumé' }));
    await user.type(within(section).getByLabelText('How Résumé arrived (for the office only)'), 'By post.');
    await user.click(within(section).getByRole('button', { name: 'Mark received' }));
    const received = await within(section).findByText('Résumé was marked received.');
    await waitFor(() => expect(received).toHaveFocus());
  });

  test("a waiver's dialog closes onto what it did", async () => {
    const { user } = openAda(me('dora@college.test', ['decider']));
    const section = await checklistSection();
    await user.click(within(section).getByRole('button', { name: 'Waive: Résumé' }));
    const dialog = await screen.findByRole('dialog', { name: 'Waive Résumé' });
    await user.type(within(dialog).getByLabelText('Reason for the waiver'), 'Not needed for this program.');
    await user.click(within(dialog).getByRole('button', { name: 'Waive' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(section).getByText('Résumé was waived.')).toHaveFocus());
  });

  test('withdrawing the print link focuses the message that says so', async () => {
    // No window for the print view (a blocker): its link is shown on the page instead.
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = openAda(me('dean@college.test', ['admin']));
    await user.click(await screen.findByRole('button', { name: 'Open print view' }));
    await user.click(await screen.findByRole('button', { name: 'Withdraw the print link' }));
    const said = await screen.findByText('The print link no longer works.');
    await waitFor(() => expect(document.activeElement).toContainElement(said));
    open.mockRestore();
  });

  test('on the review screen, a stage move and a note focus what they did', async () => {
    const { user } = openAda(me('rita@college.test', ['reviewer']), `/staff/applications/${ADA}/review`);
    await screen.findByRole('heading', { level: 1, name: 'Review of Ada Lovelace' });
    const stagePanel = screen.getByRole('region', { name: 'Stage' });
    await within(stagePanel).findByRole('option', { name: 'Committee review' });
    await user.selectOptions(within(stagePanel).getByLabelText('Move to stage'), 'Committee review');
    await user.click(within(stagePanel).getByRole('button', { name: 'Move' }));
    const moved = await within(stagePanel).findByText('Moved to Committee review.');
    await waitFor(() => expect(document.activeElement).toContainElement(moved));
    // The stage now shown is the one chosen; the message stays.
    await waitFor(() => expect(stagePanel).toHaveTextContent('Now: Committee review'));
    expect(moved).toBeInTheDocument();

    const notes = screen.getByRole('region', { name: 'Notes' });
    await user.type(within(notes).getByLabelText('New note (for the office only)'), 'Call the school.');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    const added = await within(notes).findByText('Your note was added.');
    await waitFor(() => expect(document.activeElement).toContainElement(added));
  });
});
