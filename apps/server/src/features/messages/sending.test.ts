import { randomUUID } from 'node:crypto';
import {
  MY_DATA_PATH,
  type MessageSegment,
  type ReceivedMessagesResponse,
  type StaffMessage,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormContext } from '../../core/form-context';
import { HOUR, MINUTE, SECOND } from '../../infra/time-units';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { zipEntries } from '../../test-support/zip-entries';
import { MAIL_WORK_OPTIONS } from '../mail/mail-worker';
import { unsubscribeToken } from '../status/unsubscribe-token';
import { runMessagesPass } from './messages-worker';
import { newsUnsubscribeToken, newsUnsubscribeUrl } from './news-unsubscribe-token';
import { seedRecipients } from './sending.test-helpers';
import { STAFF_MESSAGE_KIND, staffMessageComposers, staffMessageOnceKey } from './staff-message-mail';

/**
 * Sending messages to groups (issue 46, decision 066): the typed count, sending once, suppression (withdrawn,
 * bounced, and for news only the unsubscribed), the one-click unsubscribe of RFC 8058, the applicant's Messages
 * and the office's view of them, the data download, a stop in the middle of a send, and a message scheduled on
 * the test clock. Exactly once across a kill of the process: sending-crash.test.ts.
 */
let t: TestApp;
let admin: TestClient;
const fx = {} as Record<'ana' | 'ben' | 'cy' | 'dee', Applicant>;
/** Addresses the SMTP sink refuses for good (550), as a relay refuses a mailbox it does not know. */
const refused = new Set<string>();
const ctx = () => createFormContext(t.deps.config.tenant);
/** The mail worker's mails in flight at once in one process (composed, not yet at the relay). */
const IN_FLIGHT = MAIL_WORK_OPTIONS.batchSize * MAIL_WORK_OPTIONS.localConcurrency;

const code = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;

beforeAll(async () => {
  // A relay that takes 20 ms a message: a stop lands while a send of a few hundred streams out.
  t = await startTestApp(STAFF_ENV, { smtpRefuse: (a) => refused.has(a.toLowerCase()), smtpDelayMs: 20 });
  admin = await loggedInClient(t, STAFF_EMAIL);
  const submitted = (email: string, first: string) =>
    submittedApplicant(t, email, { first_name: first, last_name: 'Group', applied_major: 'MAPS' });
  fx.ana = await submitted('s-ana@example.edu', 'Ana');
  fx.ben = await submitted('s-ben@example.edu', 'Ben');
  fx.cy = await submitted('s-cy@example.edu', 'Cy');
  fx.dee = await submitted('s-dee@example.edu', 'Dee');
  await expectOk(await fx.ben.client.post('/api/withdraw', {}));
});
afterAll(async () => {
  await t?.close();
});

async function draft(segment: MessageSegment, subject: string, extra: Record<string, unknown> = {}) {
  // A second apart, as an office writes them: the applicant's Messages are newest first.
  t.clock.advance(SECOND);
  const res = await admin.post('/api/staff/messages', {
    name: subject,
    segment,
    subject,
    body: 'Dear {{first_name}},\n\nPlease see {{portal_link}}.',
    category: 'transactional',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMessage>();
}

/** A staff call that returns at once, not after the mail it queued is delivered (the test client waits for that). */
const raw = (method: 'POST' | 'GET', url: string, body?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: {
      origin: t.deps.config.publicUrl.origin,
      cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });

const send = (id: string, confirm_count: number, at?: string) =>
  admin.post(`/api/staff/messages/${id}/send`, { confirm_count, ...(at ? { at } : {}) });

const stateOf = async (id: string) =>
  (await t.db.query<{ state: string }>('SELECT state FROM staff_messages WHERE id = $1', [id])).rows[0]?.state;

/** Until the message is sent (or `until`) and its mail is at the sink. */
async function settled(id: string, until = 'sent') {
  await expect.poll(() => stateOf(id), { timeout: 30_000, interval: 20 }).toBe(until);
  await t.mailDelivered();
}

/** Each recipient row's state (or suppression's reason), by first name. */
async function rowsOf(id: string): Promise<Record<string, string>> {
  const { rows } = await t.db.query<{ first_name: string; state: string; suppressed_reason: string | null }>(
    `SELECT i.first_name, r.state, r.suppressed_reason FROM staff_message_recipients r
     JOIN staff_application_index i ON i.user_id = r.user_id WHERE r.message_id = $1`,
    [id],
  );
  return Object.fromEntries(rows.map((r) => [r.first_name, r.suppressed_reason ?? r.state]));
}

const mailsTitled = (subject: string) => t.smtp.mails.filter((m) => m.subject === subject);

describe('sending a message', () => {
  it('asks for the count of recipients typed back, and sends a message once', async () => {
    // Dee's address is refused by the relay from now on: her row fails, and her address is bounced after.
    refused.add(fx.dee.email);
    const m = await draft({ program: 'MAPS' }, 'Count {{first_name}}');
    expect(m.estimated_recipients).toBe(3);

    const wrong = await send(m.id, 4);
    expect([wrong.statusCode, code(wrong)]).toEqual([409, 'CONFIRM_COUNT_MISMATCH']);
    expect(wrong.json()).toMatchObject({ count: 3, message: expect.stringContaining('3') });
    expect(await stateOf(m.id)).toBe('draft');
    expect(await rowsOf(m.id)).toEqual({});

    const ok = await send(m.id, 3);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json<StaffMessage>()).toMatchObject({
      state: 'sending',
      counts: { recipients: 4, suppressed: 1 },
      estimated_recipients: 3,
    });
    await settled(m.id);
    expect(mailsTitled('Count Ana')).toHaveLength(1);
    expect(mailsTitled('Count Cy')).toHaveLength(1);
    expect(mailsTitled('Count Ana')[0]!.text).toContain('Dear Ana,');
    expect(t.smtp.to(fx.dee.email).some((m) => m.subject.startsWith('Count'))).toBe(false);
    expect(t.smtp.to(fx.ben.email).some((m) => m.subject.startsWith('Count'))).toBe(false);
    await expect.poll(() => rowsOf(m.id)).toEqual({ Ana: 'sent', Ben: 'withdrawn', Cy: 'sent', Dee: 'failed' });
    const done = (await expectOk(await admin.get(`/api/staff/messages/${m.id}`))).json<StaffMessage>();
    expect(done).toMatchObject({
      state: 'sent',
      counts: { recipients: 4, sent: 2, failed: 1, suppressed: 1, queued: 0 },
    });
    expect(done.finished_at).not.toBeNull();

    // Sending a message already sent is refused, and sends nothing.
    const again = await send(m.id, 3);
    expect([again.statusCode, code(again)]).toEqual([409, 'MESSAGE_NOT_DRAFT']);
    await t.mailDelivered();
    expect(mailsTitled('Count Ana')).toHaveLength(1);
    const audit = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM staff_audit_log WHERE action = 'message-send' AND detail->>'message_id' = $1`,
      [m.id],
    );
    expect(audit.rows).toEqual([{ action: 'message-send', detail: expect.objectContaining({ recipients: 3 }) }]);
  });

  it('suppresses the withdrawn and the bounced, and for news only the unsubscribed', async () => {
    // Cy asks for no more news with the link of a news message (one click, no login).
    const link = await t.app.inject({
      method: 'POST',
      url: newsUnsubscribeUrl(t.deps.config, t.deps.secretKey, fx.cy.userId).replace(/^https?:\/\/[^/]+/, ''),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(link.statusCode, link.body).toBe(200);

    const news = await draft({ program: 'MAPS' }, 'News {{first_name}}', { category: 'news' });
    expect(news.estimated_recipients).toBe(1);
    await expectOk(await send(news.id, 1));
    await settled(news.id);
    expect(await rowsOf(news.id)).toEqual({ Ana: 'sent', Ben: 'withdrawn', Cy: 'unsubscribed', Dee: 'bounced' });
    expect(mailsTitled('News Ana')).toHaveLength(1);
    expect(mailsTitled('News Cy')).toHaveLength(0);

    // Transactional mail still goes to the unsubscribed; the bounced address stays suppressed.
    const deadline = await draft({ program: 'MAPS' }, 'Deadline {{first_name}}');
    expect(deadline.estimated_recipients).toBe(2);
    await expectOk(await send(deadline.id, 2));
    await settled(deadline.id);
    expect(await rowsOf(deadline.id)).toEqual({ Ana: 'sent', Ben: 'withdrawn', Cy: 'sent', Dee: 'bounced' });
    expect(mailsTitled('Deadline Cy')).toHaveLength(1);

    // A segment that asks for withdrawn applicants reaches them.
    const all = await draft({ program: 'MAPS', include_withdrawn: true }, 'All {{first_name}}');
    expect(all.estimated_recipients).toBe(3);
    await expectOk(await send(all.id, 3));
    await settled(all.id);
    expect(mailsTitled('All Ben')).toHaveLength(1);
  });

  it('gives news the one-click unsubscribe of RFC 8058, which works without a session; transactional mail none', async () => {
    const news = mailsTitled('News Ana')[0]!;
    const link = /^<(.+)>$/.exec(news.headers['list-unsubscribe'] ?? '')?.[1];
    expect(link).toBe(newsUnsubscribeUrl(t.deps.config, t.deps.secretKey, fx.ana.userId));
    expect(link).toMatch(/^http:\/\/portal\.test\/public\/messages\/unsubscribe\?token=/);
    expect(news.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    for (const transactional of [mailsTitled('Deadline Ana')[0]!, t.smtp.last(STAFF_EMAIL)]) {
      expect(transactional.headers['list-unsubscribe']).toBeUndefined();
      expect(transactional.headers['list-unsubscribe-post']).toBeUndefined();
    }

    const path = new URL(link!).pathname + new URL(link!).search;
    // Looking at the link changes nothing (link checkers open links).
    const looked = await t.app.inject({ method: 'GET', url: path });
    expect([looked.statusCode, looked.json()]).toEqual([200, expect.objectContaining({ unsubscribed: false })]);
    // The mailbox provider's one click: a POST from its own servers, with no cookie and no Origin.
    const clicked = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect([clicked.statusCode, clicked.json()]).toEqual([200, expect.objectContaining({ unsubscribed: true })]);
    const twice = await t.app.inject({ method: 'POST', url: path });
    expect(twice.statusCode).toBe(200);
    const recorded = await t.db.query('SELECT 1 FROM news_unsubscribes WHERE account_id = $1', [fx.ana.userId]);
    expect(recorded.rows).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: path })).json()).toMatchObject({ unsubscribed: true });

    const token = newsUnsubscribeToken(t.deps.secretKey, fx.ana.userId);
    const bad = [
      'nonsense',
      `${token.slice(0, -2)}xx`,
      // Another link's token (the deadline reminders') opens nothing here.
      unsubscribeToken(t.deps.secretKey, fx.ana.userId),
      `${fx.dee.userId}.${token.split('.')[1]}`,
    ];
    for (const wrong of bad)
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({
          method,
          url: `/public/messages/unsubscribe?token=${encodeURIComponent(wrong)}`,
        });
        expect([res.statusCode, code(res)]).toEqual([400, 'UNSUBSCRIBE_LINK_INVALID']);
      }
    const none = await t.app.inject({ method: 'POST', url: '/public/messages/unsubscribe' });
    expect([none.statusCode, code(none)]).toEqual([400, 'UNSUBSCRIBE_LINK_INVALID']);
    expect((await t.db.query('SELECT 1 FROM news_unsubscribes WHERE account_id = $1', [fx.dee.userId])).rows).toEqual(
      [],
    );

    // News to no one left: sent at once, with nothing to send.
    const nobody = await draft({ program: 'MAPS' }, 'More news {{first_name}}', { category: 'news' });
    expect(nobody.estimated_recipients).toBe(0);
    expect((await expectOk(await send(nobody.id, 0))).json<StaffMessage>()).toMatchObject({
      state: 'sent',
      counts: { recipients: 4, suppressed: 4, sent: 0 },
    });
  });

  it("is on the applicant's record: their Messages, the office's view of the application, and their data", async () => {
    const mine = (await expectOk(await fx.ana.client.get('/api/messages'))).json<ReceivedMessagesResponse>();
    expect(mine.messages.map((m) => m.subject)).toEqual(['All Ana', 'Deadline Ana', 'News Ana', 'Count Ana']);
    expect(mine.messages[3]).toMatchObject({
      subject: 'Count Ana',
      body: expect.stringMatching(/^Dear Ana,\n\nPlease see http:\/\/portal\.test\//),
      category: 'transactional',
    });
    expect(mine.messages[2]!.category).toBe('news');
    const times = mine.messages.map((m) => m.sent_at);
    expect([...times].sort().reverse()).toEqual(times);
    // What the relay refused, and what was suppressed, is no message received.
    const dee = (await expectOk(await fx.dee.client.get('/api/messages'))).json<ReceivedMessagesResponse>();
    expect(dee.messages).toEqual([]);
    const ben = (await expectOk(await fx.ben.client.get('/api/messages'))).json<ReceivedMessagesResponse>();
    expect(ben.messages.map((m) => m.subject)).toEqual(['All Ben']);

    const office = await expectOk(await admin.get(`/api/staff/applications/${fx.ana.userId}/messages`));
    // The office sees the same messages, and beside them the automatic e-mails (automatic-mails.test.ts).
    expect(office.json<ReceivedMessagesResponse>()).toEqual({ ...mine, automatic: expect.any(Array) });
    const audit = await t.db.query(
      `SELECT 1 FROM staff_audit_log WHERE action = 'view-messages' AND application_user_id = $1`,
      [fx.ana.userId],
    );
    expect(audit.rows.length).toBeGreaterThan(0);
    const inside = await staffWithRoles(t, 'maps-reader@college.test', ['reader'], ['MAPS']);
    expect((await inside.get(`/api/staff/applications/${fx.ana.userId}/messages`)).statusCode).toBe(200);
    const outside = await staffWithRoles(t, 'mae-reader@college.test', ['reader'], ['MAE']);
    const hidden = await outside.get(`/api/staff/applications/${fx.ana.userId}/messages`);
    expect([hidden.statusCode, code(hidden)]).toEqual([404, 'NOT_FOUND']);

    const zip = await zipEntries((await expectOk(await fx.ana.client.get(MY_DATA_PATH))).rawPayload);
    const answers = JSON.parse(zip.get('answers.json')!.toString('utf8')) as { messages: unknown[] };
    expect(answers.messages).toEqual(mine.messages.map(({ id: _id, ...m }) => m));
    expect(zip.get('README.txt')!.toString('utf8')).toContain('messages the admissions office sent you');
  });

  it('stops in the middle of a send: no further mail of it leaves, its counts say what went, other mail flows', async () => {
    const crowd = await seedRecipients(t.db, 300, { prefix: 'stop', program: 'GSCMC' });
    const m = await draft({ program: 'GSCMC' }, 'Crowd {{first_name}}');
    expect(m.estimated_recipients).toBe(300);
    const ours = () => t.smtp.mails.filter((x) => x.subject.startsWith('Crowd'));

    const sent = await raw('POST', `/api/staff/messages/${m.id}/send`, { confirm_count: 300 });
    expect(sent.statusCode, sent.body).toBe(200);
    await expect.poll(() => ours().length, { timeout: 30_000, interval: 5 }).toBeGreaterThanOrEqual(10);
    const stopped = await raw('POST', `/api/staff/messages/${m.id}/stop`);
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json<StaffMessage>()).toMatchObject({ state: 'stopped' });
    const atStop = ours().length;

    // Codes, receipts and decisions keep flowing: a new account gets its confirmation code.
    await loggedInClient(t, 'after-stop@example.edu');
    await t.mailDelivered();
    await new Promise((r) => setTimeout(r, 500));
    await runMessagesPass(t.deps, ctx());
    await t.mailDelivered();
    const final = ours().length;
    // Only what was in flight at the stop (composed, at the relay's door) still went.
    expect(final - atStop).toBeLessThanOrEqual(IN_FLIGHT);
    expect(final).toBeLessThan(300);
    const addresses = ours().map((x) => x.to[0]);
    expect(new Set(addresses).size).toBe(addresses.length);
    expect(addresses.every((a) => crowd.some((c) => c.email === a))).toBe(true);

    // The counts are true: sent is what reached the relay, the rest stays queued, sent nothing.
    const counts = (await expectOk(await admin.get(`/api/staff/messages/${m.id}`))).json<StaffMessage>();
    expect(counts).toMatchObject({ state: 'stopped', counts: { recipients: 300, sent: final, queued: 300 - final } });
    expect(counts.stopped_at).not.toBeNull();
    const received = (
      await t.db.query('SELECT 1 FROM staff_message_recipients WHERE message_id = $1 AND sent_at IS NOT NULL', [m.id])
    ).rows;
    expect(received).toHaveLength(final);

    const again = await admin.post(`/api/staff/messages/${m.id}/stop`);
    expect([again.statusCode, code(again)]).toEqual([409, 'MESSAGE_NOT_STOPPABLE']);
    const resend = await send(m.id, 300 - final);
    expect([resend.statusCode, code(resend)]).toEqual([409, 'MESSAGE_NOT_DRAFT']);
    const aDraft = await draft({ program: 'GSCMC' }, 'Draft {{first_name}}');
    const notYet = await admin.post(`/api/staff/messages/${aDraft.id}/stop`);
    expect([notYet.statusCode, code(notYet)]).toEqual([409, 'MESSAGE_NOT_STOPPABLE']);
    const audit = await t.db.query(
      `SELECT 1 FROM staff_audit_log WHERE action = 'message-stop' AND detail->>'message_id' = $1`,
      [m.id],
    );
    expect(audit.rows).toHaveLength(1);
  });

  it("composes a retry as the same text, and nothing once the message is stopped (the relay's 'later' then holds)", async () => {
    const id = randomUUID();
    const now = t.clock.now();
    await t.db.query(
      `INSERT INTO staff_messages (id, name, segment, subject, body, category, state, created_by, created_at, updated_at,
         started_at)
       VALUES ($1, 'Retry', '{}', 'Retry', 'Retry', 'news', 'sending', $2, $3, $3, $3)`,
      [id, STAFF_EMAIL, now],
    );
    await t.db.query(
      `INSERT INTO staff_message_recipients (message_id, user_id, email, state, subject, body, sent_at)
       VALUES ($1, $2, $3, 'sent', 'Retry Ana', 'Dear Ana, again.', $4), ($1, $5, $6, 'queued', NULL, NULL, NULL)`,
      [id, fx.ana.userId, fx.ana.email, now, fx.cy.userId, fx.cy.email],
    );
    const compose = staffMessageComposers(t.deps)[STAFF_MESSAGE_KIND]!;
    const job = (userId: string) => ({
      kind: STAFF_MESSAGE_KIND,
      messageId: id,
      userId,
      onceKey: staffMessageOnceKey(id, userId),
    });
    // The first attempt marked Ana's row and died: the retry sends what the row keeps, with the news headers.
    expect(await compose(job(fx.ana.userId), false)).toMatchObject({
      to: fx.ana.email,
      subject: 'Retry Ana',
      text: expect.stringContaining('Dear Ana, again.'),
      headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    // A row not yet handed out (no text) is not composed.
    expect(await compose(job(fx.cy.userId), true)).toBeNull();
    await t.db.query(`UPDATE staff_messages SET state = 'stopped' WHERE id = $1`, [id]);
    expect(await compose(job(fx.ana.userId), false)).toBeNull();
    expect(await rowsOf(id)).toEqual({ Ana: 'queued', Cy: 'queued' });
  });

  it('refuses bad input: a time in the past, a count that is no number, a message that does not exist', async () => {
    const m = await draft({ program: 'MAPS' }, 'Bad {{first_name}}');
    const past = await send(m.id, m.estimated_recipients, new Date(t.clock.now().getTime() - MINUTE).toISOString());
    expect([past.statusCode, code(past)]).toEqual([400, 'MESSAGE_TIME_IN_PAST']);
    const noOffset = await send(m.id, m.estimated_recipients, '2030-01-01T09:00:00');
    expect([noOffset.statusCode, code(noOffset)]).toEqual([400, 'BAD_REQUEST']);
    const notANumber = await admin.post(`/api/staff/messages/${m.id}/send`, { confirm_count: 'all' });
    expect([notANumber.statusCode, code(notANumber)]).toEqual([400, 'BAD_REQUEST']);
    const missing = await send('00000000-0000-4000-8000-000000000000', 0);
    expect([missing.statusCode, code(missing)]).toEqual([404, 'NOT_FOUND']);
    const notAnId = await admin.post('/api/staff/messages/nope/stop');
    expect(notAnId.statusCode).toBe(404);
    expect(await stateOf(m.id)).toBe('draft');
  });

  it('schedules a message: nothing before its time, sent once the messages job runs after it, stopped in between', async () => {
    const m = await draft({ program: 'MAPS' }, 'Later {{first_name}}');
    const stopped = await draft({ program: 'MAPS' }, 'Never {{first_name}}');
    const count = m.estimated_recipients;
    expect(count).toBeGreaterThan(0);
    // Two hours ahead, said in Chicago's offset.
    const instant = new Date(t.clock.now().getTime() + 2 * HOUR);
    const at = `${new Date(instant.getTime() - 6 * HOUR).toISOString().slice(0, 19)}-06:00`;
    const wrong = await send(m.id, count + 1, at);
    expect([wrong.statusCode, code(wrong), wrong.json<{ count: number }>().count]).toEqual([
      409,
      'CONFIRM_COUNT_MISMATCH',
      count,
    ]);
    const scheduled = (await expectOk(await send(m.id, count, at))).json<StaffMessage>();
    expect(scheduled).toMatchObject({ state: 'scheduled', send_at: instant.toISOString(), counts: null });
    await expectOk(await send(stopped.id, count, at));
    expect((await expectOk(await admin.post(`/api/staff/messages/${stopped.id}/stop`))).json()).toMatchObject({
      state: 'stopped',
    });

    await runMessagesPass(t.deps, ctx());
    await t.mailDelivered();
    expect(await stateOf(m.id)).toBe('scheduled');
    expect(mailsTitled('Later Ana')).toEqual([]);
    expect(await rowsOf(m.id)).toEqual({});

    t.clock.advance(2 * HOUR + MINUTE);
    await runMessagesPass(t.deps, ctx());
    await settled(m.id);
    expect(mailsTitled('Later Ana')).toHaveLength(1);
    expect(mailsTitled('Never Ana')).toEqual([]);
    expect(await stateOf(stopped.id)).toBe('stopped');
    const { rows } = await t.db.query<{ started_at: Date }>('SELECT started_at FROM staff_messages WHERE id = $1', [
      m.id,
    ]);
    expect(new Date(rows[0]!.started_at).getTime()).toBe(t.clock.now().getTime());
  });
});
