import type { StaffListResponse, StaffListRow } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, ALAN, consoleServer, me, row } from './console-server';

const ADMIN = me('dean@college.test', ['admin']);

const list = (rows: StaffListRow[]): StaffListResponse => ({
  rows,
  page: 1,
  page_size: 50,
  total: rows.length,
  total_capped: false,
});

/** Ada: submitted, complete, one letter of two in, admitted; changed at 8:25 pm UTC, 2:25 pm in Chicago (CST). */
const ADA_ROW = row(ADA, 'Lovelace', 'Ada', {
  last_change: '2026-11-28T20:25:00.000Z',
  submitted_at: '2026-11-28T14:25:00.000Z',
  complete: true,
  letters_requested: 2,
  letters_received: 1,
  missing_count: 1,
  decision: 'admit',
  decision_label: 'Admitted',
  decision_state: 'provisional',
});

function serverWith(rows: StaffListRow[], who = ADMIN) {
  return { ...consoleServer(who).handlers, 'GET /api/staff/applications': () => json(list(rows)) };
}

describe('the list at a glance (issue 49)', { timeout: 30_000 }, () => {
  test('its own columns for complete, letters and the decision, and compact dates with the zone in the header', async () => {
    setLoggedInCookie();
    stubFetch(serverWith([ADA_ROW]));
    renderApp('/staff');

    const ada = await screen.findByRole('row', { name: /Lovelace, Ada/ });
    const cell = (column: string) => {
      const headers = screen.getAllByRole('columnheader');
      const index = headers.findIndex((h) => (h.textContent ?? '').startsWith(column));
      expect(index, column).toBeGreaterThanOrEqual(0);
      return within(ada).getAllByRole('cell')[index]!;
    };
    expect(cell('Complete')).toHaveTextContent(/^Yes$/);
    expect(cell('Letters')).toHaveTextContent(/^1 of 2$/);
    expect(cell('Decision')).toHaveTextContent(/^Admitted \(provisional\)$/);
    expect(cell('Missing items')).toHaveTextContent(/^1$/);
    // "Nov 28, 2:25 pm", not "2:25 pm Central Time on Saturday, 28 November 2026"; the zone once, in the header.
    expect(screen.getByRole('columnheader', { name: /^Last change \(CT\)/ })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /^Submitted \(CT\)/ })).toBeInTheDocument();
    // The year only when it is not this one's; the date and the time each kept on one line.
    expect(cell('Last change').textContent).toMatch(/^Nov\u00a028(,\u00a02026)?, 2:25\u00a0pm$/);
    expect(cell('Submitted').textContent).toMatch(/^Nov\u00a028(,\u00a02026)?, 8:25\u00a0am$/);
    expect(ada).not.toHaveTextContent('Central Time');
  });

  test('an application not yet submitted: its letters so far, not complete, no decision', async () => {
    setLoggedInCookie();
    const started = row(ALAN, 'Turing', 'Alan', {
      web_status: 'started',
      submitted_at: null,
      missing_count: 4,
      letters_requested: 0,
      letters_received: 0,
    });
    stubFetch(serverWith([started]));
    renderApp('/staff');

    const alan = await screen.findByRole('row', { name: /Turing, Alan/ });
    const cells = within(alan).getAllByRole('cell');
    const at = (title: string) =>
      cells[screen.getAllByRole('columnheader').findIndex((h) => (h.textContent ?? '').startsWith(title))]!;
    expect(at('Complete')).toHaveTextContent(/^No$/);
    expect(at('Letters')).toHaveTextContent(/^$/);
    expect(at('Missing items')).toHaveTextContent(/^4$/);
  });

  test('"1 application"', async () => {
    setLoggedInCookie();
    stubFetch(serverWith([ADA_ROW]));
    renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(screen.getByRole('status')).toHaveTextContent(/^1 application ·/);
  });

  test('"2 applications"', async () => {
    setLoggedInCookie();
    stubFetch(serverWith([ADA_ROW, row(ALAN, 'Turing', 'Alan')]));
    renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(screen.getByRole('status')).toHaveTextContent(/^2 applications ·/);
  });

  test('a member limited to programs is offered only theirs in the program filter; others every program', async () => {
    setLoggedInCookie();
    stubFetch(serverWith([ADA_ROW], me('reader@college.test', ['reader'], ['MAE'])));
    renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    const options = within(screen.getByLabelText('Program')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Any of your programs', 'MA in Education']);
  });

  test('a member of every program is offered every program', async () => {
    setLoggedInCookie();
    stubFetch(serverWith([ADA_ROW]));
    renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    const options = within(screen.getByLabelText('Program')).getAllByRole('option');
    expect(options[0]).toHaveTextContent('Any program');
    expect(options.length).toBeGreaterThan(2);
  });

  test('a skip link right after the search box takes the keyboard to the results', async () => {
    setLoggedInCookie();
    stubFetch(serverWith([ADA_ROW]));
    const { user } = renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });

    await user.click(screen.getByLabelText('Name or e-mail'));
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to results' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    const results = screen.getByRole('region', { name: /^Results/ });
    expect(results).toHaveFocus();
    expect(within(results).getByRole('table')).toBeInTheDocument();
  });
});
