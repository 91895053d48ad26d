import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, ALAN, consoleServer, me } from './console-server';

const DECIDER = me('dora@college.test', ['decider']);

/** The list for a decider, with the decision calls answered as the server would. */
async function openList() {
  setLoggedInCookie();
  const net = stubFetch({
    ...consoleServer(DECIDER).handlers,
    'POST /api/staff/decisions/record': () =>
      json({ count: 2, message: '2 decisions are recorded. They stay provisional until they are released.' }),
    'POST /api/staff/decisions/release': () => json({ message: '2 decisions were released.' }),
    'POST /api/staff/decisions/cancel': () =>
      json({ count: 2, message: '2 applications were taken out of a scheduled release.' }),
  });
  const app = renderApp('/staff');
  await screen.findByRole('row', { name: /Lovelace, Ada/ });
  await app.user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
  return { ...app, net };
}

describe('decisions for many, from the list (issue 41)', { timeout: 30_000 }, () => {
  test('records one decision for the selection in one call', async () => {
    const { user, net } = await openList();
    await user.click(screen.getByRole('button', { name: 'Record decision…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record a decision' });
    await user.selectOptions(within(dialog).getByLabelText('Decision'), 'admit');
    await user.click(within(dialog).getByRole('button', { name: 'Record for 2 applications' }));
    expect(
      await screen.findByText('2 decisions are recorded. They stay provisional until they are released.'),
    ).toBeInTheDocument();
    expect(net.callsTo('POST /api/staff/decisions/record').map((c) => c.body)).toEqual([
      { code: 'admit', application_ids: [ADA, ALAN] },
    ]);
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveFocus());
  });

  test('"Release…" names who will be told; now, or at a time read in the institution\'s zone', async () => {
    const { user, net } = await openList();
    await user.click(screen.getByRole('button', { name: 'Release…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Release the decisions' });
    expect(dialog).toHaveTextContent('2 applications with a provisional decision: Ada Lovelace; Alan Turing.');
    expect(dialog).toHaveTextContent('A released decision cannot be taken back.');
    await user.click(within(dialog).getByRole('button', { name: 'Release now to 2 applications' }));
    expect(await screen.findByText('2 decisions were released.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(await screen.findByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Release…' }));
    dialog = await screen.findByRole('dialog', { name: 'Release the decisions' });
    await user.click(within(dialog).getByLabelText('At a date and time'));
    fireEvent.input(within(dialog).getByLabelText('Release at (date and time, Central Time)'), {
      target: { value: '2026-12-01T09:00' },
    });
    await user.click(within(dialog).getByRole('button', { name: 'Schedule the release' }));
    await waitFor(() =>
      expect(net.callsTo('POST /api/staff/decisions/release').map((c) => c.body)).toEqual([
        { application_ids: [ADA, ALAN] },
        { application_ids: [ADA, ALAN], at: '2026-12-01T15:00:00.000Z' },
      ]),
    );
  });

  test('cancels the scheduled release of the selection', async () => {
    const { user, net } = await openList();
    await user.click(screen.getByRole('button', { name: 'Cancel scheduled release' }));
    expect(await screen.findByText('2 applications were taken out of a scheduled release.')).toBeInTheDocument();
    expect(net.callsTo('POST /api/staff/decisions/cancel').map((c) => c.body)).toEqual([
      { application_ids: [ADA, ALAN] },
    ]);
  });

  test('filters by decision and decision state, and shows the decision in its own column', async () => {
    const { user, net } = await openList();
    expect(screen.getByRole('columnheader', { name: 'Decision' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Decision', { selector: 'select' }), 'admit');
    await user.selectOptions(screen.getByLabelText('Decision state'), 'provisional');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(net.callsTo('GET /api/staff/applications').at(-1)?.path).toBe(
        '/api/staff/applications?decision=admit&decision_state=provisional',
      ),
    );
  });
});
