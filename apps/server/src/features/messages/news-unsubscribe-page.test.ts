import type { StaffMessage } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND } from '../../infra/time-units';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { newsUnsubscribePageUrl, newsUnsubscribeToken } from './news-unsubscribe-token';
import { renderMessage, sampleValues } from './render-message';

/**
 * Unsubscribing from news by a person, not only by a mail client (issue 46): a news mail ends, in its text and its
 * HTML, with a line naming the college and the link to the web page /unsubscribe-news?token=…, whose button POSTs
 * the token to /public/messages/unsubscribe from the same origin; transactional mail has no such line.
 */
let t: TestApp;
let admin: TestClient;
const fx = {} as Record<'ana' | 'ben', Applicant>;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  fx.ana = await submittedApplicant(t, 'page-ana@example.edu', { first_name: 'Ana', applied_major: 'MAPS' });
  fx.ben = await submittedApplicant(t, 'page-ben@example.edu', { first_name: 'Ben', applied_major: 'MAPS' });
  await t.mailDelivered();
});
afterAll(async () => {
  await t?.close();
});

async function sendMessage(subject: string, category: 'news' | 'transactional') {
  t.clock.advance(SECOND);
  const created = await admin.post('/api/staff/messages', {
    name: subject,
    segment: { program: 'MAPS' },
    subject,
    body: 'Dear {{first_name}},\n\nSee {{portal_link}}.',
    category,
  });
  expect(created.statusCode, created.body).toBe(201);
  const m = created.json<StaffMessage>();
  await expectOk(await admin.post(`/api/staff/messages/${m.id}/send`, { confirm_count: m.estimated_recipients }));
  await expect
    .poll(
      async () =>
        (await t.db.query<{ state: string }>('SELECT state FROM staff_messages WHERE id = $1', [m.id])).rows[0]?.state,
      { timeout: 30_000, interval: 20 },
    )
    .toBe('sent');
  await t.mailDelivered();
}

const mailTo = (email: string, subject: string) =>
  t.smtp.to(email).find((m) => m.subject === subject) ?? expect.unreachable(`no mail "${subject}" to ${email}`);

/** The web page's call (lib/api-client.ts): same origin, asking for JSON, with `payload` as its body when given. */
const pageCall = (method: 'GET' | 'POST', token: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/public/messages/unsubscribe?token=${encodeURIComponent(token)}`,
    headers: {
      accept: 'application/json',
      origin: t.deps.config.publicUrl.origin,
      'sec-fetch-site': 'same-origin',
      ...(payload !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload !== undefined ? { payload: JSON.stringify(payload) } : {}),
  });

describe('the line that stops news, at the end of a news mail', () => {
  it("links the web page in the news mail's text and HTML; transactional mail has none", async () => {
    await sendMessage('News for Ana and Ben', 'news');
    await sendMessage('Deadline for Ana and Ben', 'transactional');
    const college = `${t.deps.config.tenant.partnerName} Graduate Admissions`;
    const page = newsUnsubscribePageUrl(t.deps.config, t.deps.secretKey, fx.ana.userId);
    expect(page).toMatch(/^http:\/\/portal\.test\/unsubscribe-news\?token=[0-9a-f-]+\.[\w-]+$/);

    const news = mailTo(fx.ana.email, 'News for Ana and Ben');
    expect(news.text.trimEnd().endsWith(`You receive news from ${college}. To stop: ${page}`)).toBe(true);
    // The HTML part, made by the same call as the text (the sink keeps the text only).
    const html = (url?: string) => renderMessage(t.deps, { subject: 'S', body: 'B' }, sampleValues(t.deps), url).html;
    expect(html(page)).toContain(`You receive news from ${college}. To stop: <a href="${page}">${page}</a></p>`);
    expect(html()).not.toContain('You receive news');
    // Each recipient's own link: Ben's names Ben.
    expect(mailTo(fx.ben.email, 'News for Ana and Ben').text).toContain(
      newsUnsubscribePageUrl(t.deps.config, t.deps.secretKey, fx.ben.userId),
    );
    // The one-click header still names the route a mail client POSTs to (RFC 8058), not the page.
    expect(news.headers['list-unsubscribe']).toMatch(/^<http:\/\/portal\.test\/public\/messages\/unsubscribe\?token=/);

    const transactional = mailTo(fx.ana.email, 'Deadline for Ana and Ben');
    expect(transactional.text).not.toContain('You receive news');
    expect(transactional.text).not.toContain('unsubscribe');
    // The applicant's record keeps the message as written, without the line.
    const mine = (await expectOk(await fx.ana.client.get('/api/messages'))).json<{ messages: { body: string }[] }>();
    expect(mine.messages.map((m) => m.body).join('\n')).not.toContain('You receive news');
  });

  it("takes the page's POST (same origin) and a mail client's one click (no Origin); refuses a bad token", async () => {
    const token = newsUnsubscribeToken(t.deps.secretKey, fx.ana.userId);
    const unsubscribed = async (userId: string) =>
      (await t.db.query('SELECT 1 FROM news_unsubscribes WHERE account_id = $1', [userId])).rows.length === 1;

    // The page asks first (nothing changes), then its button POSTs with no body, as the API client does.
    const asked = await pageCall('GET', token);
    expect([asked.statusCode, asked.json()]).toEqual([200, expect.objectContaining({ unsubscribed: false })]);
    expect(await unsubscribed(fx.ana.userId)).toBe(false);
    const done = await pageCall('POST', token);
    expect([done.statusCode, done.json()]).toEqual([200, expect.objectContaining({ unsubscribed: true })]);
    expect(await unsubscribed(fx.ana.userId)).toBe(true);
    // A JSON body is taken too, and the answer is the same.
    expect((await pageCall('POST', token, {})).statusCode).toBe(200);

    // A browser opening the header's link is sent to the page, token and all.
    const opened = await t.app.inject({
      method: 'GET',
      url: `/public/messages/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' },
    });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/unsubscribe-news?token=${encodeURIComponent(token)}`);

    // The mail client's one click for Ben: no Origin, no cookie, form-encoded.
    const benToken = newsUnsubscribeToken(t.deps.secretKey, fx.ben.userId);
    const click = await t.app.inject({
      method: 'POST',
      url: `/public/messages/unsubscribe?token=${encodeURIComponent(benToken)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode).toBe(200);
    expect(await unsubscribed(fx.ben.userId)).toBe(true);

    // A bad link: the page shows the server's message.
    for (const method of ['GET', 'POST'] as const) {
      const bad = await pageCall(method, `${token.slice(0, -2)}xx`);
      expect([bad.statusCode, bad.json()]).toEqual([
        400,
        expect.objectContaining({ code: 'UNSUBSCRIBE_LINK_INVALID', message: 'This unsubscribe link is not valid.' }),
      ]);
    }
  });
});
