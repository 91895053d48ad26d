import type { ReceivedMessage } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, me } from '../../staff/tests/console-server';

const OFFER: ReceivedMessage = {
  id: 'sent-1',
  subject: 'Your offer, Ada',
  body: 'Dear Ada,\nplease answer your offer at https://portal.example.edu/completion.\n\nThe admissions office',
  sent_at: '2026-11-02T15:00:00.000Z',
  category: 'transactional',
};
const OPEN_DAY: ReceivedMessage = {
  id: 'sent-2',
  subject: 'Open day on Saturday',
  body: 'Come and see the campus.',
  sent_at: '2026-11-05T18:30:00.000Z',
  category: 'news',
};

/** The status page of a submitted applicant whose record holds `messages`. */
async function openStatusPage(messages: ReceivedMessage[]) {
  setLoggedInCookie();
  const applicant = applicantServer({
    answers: completeAnswers(),
    submitted: true,
    webStatuses: ['started', 'validating', 'submitted'],
  });
  const net = stubFetch({ ...applicant.handlers, 'GET /api/messages': () => json({ messages }) });
  renderApp('/completion');
  // The page's last section, drawn with the rest once the status and the messages are known.
  await screen.findByRole('heading', { level: 2, name: /^Explore/ }, { timeout: 15_000 });
  return net;
}

describe("the applicant's Messages", { timeout: 30_000 }, () => {
  test('lists each message with its subject, its time in the zone, its line breaks and clickable links', async () => {
    const net = await openStatusPage([OPEN_DAY, OFFER]);
    const section = screen.getByRole('region', { name: 'Messages' });
    const items = within(section).getAllByRole('article');
    expect(items.map((a) => within(a).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Open day on Saturday',
      'Your offer, Ada',
    ]);
    const offer = within(section).getByRole('article', { name: 'Your offer, Ada' });
    expect(offer).toHaveTextContent('Sent 9:00 am Central Time on Monday, 2 November 2026');
    expect(within(offer).getByRole('link', { name: 'https://portal.example.edu/completion' })).toHaveAttribute(
      'href',
      'https://portal.example.edu/completion',
    );
    // The line breaks are kept as written (shown with white-space: pre-wrap), the full stop after the link is not in it.
    expect(offer.textContent).toContain(
      'Dear Ada,\nplease answer your offer at https://portal.example.edu/completion.\n\nThe admissions office',
    );
    expect(net.callsTo('GET /api/messages')).toHaveLength(1);
  });

  test('is not there while the office has written nothing', async () => {
    await openStatusPage([]);
    expect(screen.queryByRole('heading', { name: 'Messages' })).toBeNull();
  });
});

describe('the messages sent, on the application in the console', { timeout: 30_000 }, () => {
  test('lists each subject and time, its text shown on demand', async () => {
    setLoggedInCookie();
    const net = stubFetch({
      ...consoleServer(me('rex@college.test', ['reader'])).handlers,
      [`GET /api/staff/applications/${ADA}/messages`]: () => json({ messages: [OFFER] }),
    });
    const { user } = renderApp(`/staff/applications/${ADA}`);
    const section = await screen.findByRole('region', { name: 'Messages sent' }, { timeout: 15_000 });
    const summary = await within(section).findByText('Your offer, Ada');
    const disclosure = summary.closest('details')!;
    expect(disclosure).toHaveTextContent('9:00 am Central Time on Monday, 2 November 2026');
    expect(disclosure).not.toHaveAttribute('open');
    await user.click(summary);
    await waitFor(() => expect(disclosure).toHaveAttribute('open'));
    expect(within(disclosure).getByRole('link', { name: 'https://portal.example.edu/completion' })).toBeVisible();
    expect(net.callsTo(`GET /api/staff/applications/${ADA}/messages`)).toHaveLength(1);
  });

  test('says when none was sent', async () => {
    setLoggedInCookie();
    stubFetch(consoleServer(me('rex@college.test', ['reader'])).handlers);
    renderApp(`/staff/applications/${ADA}`);
    const section = await screen.findByRole('region', { name: 'Messages sent' }, { timeout: 15_000 });
    expect(await within(section).findByText('No message has been sent to this applicant.')).toBeVisible();
  });
});
