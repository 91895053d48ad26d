import type { ApplicationMessagesResponse } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, me } from '../../staff/tests/console-server';

/**
 * "Messages sent" on an application's page in the console (issue 46): the messages to groups and the automatic
 * e-mails sent to the application's address, in one list by time, newest first, the automatic ones marked so.
 */
const ANSWER: ApplicationMessagesResponse = {
  messages: [
    {
      id: 'sent-1',
      subject: 'Your offer, Ada',
      body: 'Dear Ada, please answer your offer.',
      sent_at: '2026-11-02T15:00:00.000Z',
      category: 'transactional',
    },
  ],
  automatic: [
    { kind: 'decision-available', subject: 'A decision on your application', sent_at: '2026-11-03T14:30:00.000Z' },
    { kind: 'submission', subject: 'We received your application', sent_at: '2026-10-20T13:05:00.000Z' },
  ],
};

describe('the messages sent, with the automatic e-mails', { timeout: 30_000 }, () => {
  test('lists both by time, newest first, each with its time in the zone, the automatic ones marked', async () => {
    setLoggedInCookie();
    stubFetch({
      ...consoleServer(me('rex@college.test', ['reader'])).handlers,
      [`GET /api/staff/applications/${ADA}/messages`]: () => json(ANSWER),
    });
    renderApp(`/staff/applications/${ADA}`);
    const section = await screen.findByRole('region', { name: 'Messages sent' }, { timeout: 15_000 });
    await within(section).findByText('Your offer, Ada');
    const items = within(section).getAllByRole('listitem');
    // A message's line is its disclosure's summary; an automatic mail's, the item.
    expect(items.map((li) => (li.querySelector('summary') ?? li).textContent)).toEqual([
      'A decision on your application · 8:30 am Central Time on Tuesday, 3 November 2026 · automatic',
      'Your offer, Ada · 9:00 am Central Time on Monday, 2 November 2026',
      'We received your application · 8:05 am Central Time on Tuesday, 20 October 2026 · automatic',
    ]);
    // The group message keeps its text on demand; an automatic mail has none to show.
    expect(within(items[1]!).getByText('Dear Ada, please answer your offer.')).toBeInTheDocument();
    expect(items[0]!.querySelector('details')).toBeNull();
  });

  test('shows the automatic e-mails when no message to a group was sent', async () => {
    setLoggedInCookie();
    stubFetch({
      ...consoleServer(me('rex@college.test', ['reader'])).handlers,
      [`GET /api/staff/applications/${ADA}/messages`]: () => json({ ...ANSWER, messages: [] }),
    });
    renderApp(`/staff/applications/${ADA}`);
    const section = await screen.findByRole('region', { name: 'Messages sent' }, { timeout: 15_000 });
    expect(await within(section).findAllByText(/· automatic$/)).toHaveLength(2);
    expect(within(section).queryByText('No message has been sent to this applicant.')).toBeNull();
  });
});
