import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { tenantFixture } from '../../../test/fixtures';
import { json, pending, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

/**
 * /unsubscribe-news?token=…, the page the last line of a news e-mail links (issue 46): no login; it says what it
 * does, its one button POSTs the token, and focus moves to the result; a bad link shows the server's message.
 */
const TOKEN = '0b5d6a1e-1111-4222-8333-444455556666.c2lnbmVk';
const PATH = 'GET /public/messages/unsubscribe';
const POST = 'POST /public/messages/unsubscribe';
const college = `${tenantFixture.partnerName} Graduate Admissions`;
const BAD = { code: 'UNSUBSCRIBE_LINK_INVALID', message: 'This unsubscribe link is not valid.' };

function openPage(handlers: Parameters<typeof stubFetch>[0], token = TOKEN) {
  const net = stubFetch(handlers);
  const view = renderApp(`/unsubscribe-news?token=${encodeURIComponent(token)}`);
  return { net, ...view };
}

describe('the page that stops news e-mails', { timeout: 30_000 }, () => {
  test('ready: says what it does, with one button; done: stops news and moves focus to the result', async () => {
    const { net, user } = openPage({
      [PATH]: () => json({ unsubscribed: false, message: 'Unsubscribe from news?' }),
      [POST]: () => json({ unsubscribed: true, message: 'You will get no more news from us.' }),
    });
    const button = await screen.findByRole('button', { name: 'Stop news e-mails' }, { timeout: 15_000 });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Stop news e-mails');
    const page = screen.getByRole('main');
    expect(page).toHaveTextContent(`${college} sends news by e-mail`);
    expect(page).toHaveTextContent('E-mails about your application (deadlines, missing items, decisions) still come.');
    expect(within(page).getAllByRole('button')).toHaveLength(1);
    // Opening the page changed nothing: it only asked.
    expect(net.callsTo(POST)).toHaveLength(0);
    expect(net.callsTo(PATH)[0]!.path).toBe(`/public/messages/unsubscribe?token=${encodeURIComponent(TOKEN)}`);

    await user.click(button);
    const done = await screen.findByText(
      `You will get no more news from ${college}; e-mails about your application still come.`,
    );
    expect(done.closest('[tabindex="-1"]')).toBe(document.activeElement);
    expect(net.callsTo(POST)).toHaveLength(1);
    expect(net.callsTo(POST)[0]!.path).toBe(`/public/messages/unsubscribe?token=${encodeURIComponent(TOKEN)}`);
    expect(net.callsTo(POST)[0]!.credentials).toBe('same-origin');
    expect(screen.queryByRole('button', { name: 'Stop news e-mails' })).toBeNull();
  });

  test('done already: a link opened again says so, with no button', async () => {
    openPage({ [PATH]: () => json({ unsubscribed: true, message: 'You are unsubscribed from news.' }) });
    expect(
      await screen.findByText(
        `You will get no more news from ${college}; e-mails about your application still come.`,
        {},
        {
          timeout: 15_000,
        },
      ),
    ).toBeVisible();
    expect(within(screen.getByRole('main')).queryByRole('button')).toBeNull();
  });

  test("bad link: the server's message, and no button", async () => {
    const { net } = openPage({ [PATH]: () => json(BAD, 400) }, 'nonsense');
    expect(await screen.findByRole('alert', {}, { timeout: 15_000 })).toHaveTextContent(BAD.message);
    expect(screen.queryByRole('button', { name: 'Stop news e-mails' })).toBeNull();
    expect(net.callsTo(POST)).toHaveLength(0);
  });

  test("a refused stop shows the server's message and takes the focus", async () => {
    const { user } = openPage({
      [PATH]: () => json({ unsubscribed: false, message: 'Unsubscribe from news?' }),
      [POST]: () => json(BAD, 400),
    });
    await user.click(await screen.findByRole('button', { name: 'Stop news e-mails' }, { timeout: 15_000 }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(BAD.message);
    await waitFor(() => expect(alert.closest('[tabindex="-1"]')).toBe(document.activeElement));
  });

  test('while the link is checked, says so', async () => {
    openPage({ [PATH]: () => pending() });
    expect(await screen.findByText('Checking the link…', {}, { timeout: 15_000 })).toHaveAttribute('role', 'status');
  });
});
