import { randomUUID } from 'node:crypto';
import {
  deadlineOf,
  formatInZone,
  MESSAGE_BODY_MAX,
  type MessagePreview,
  type MessageRecipientsResponse,
  type MessageSegment,
  type StaffListResponse,
  type StaffMessage,
  type StaffMessagesResponse,
  type StatusResponse,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import {
  applicantWith,
  STAFF_EMAIL,
  STAFF_ENV,
  submittedApplicant,
  type Applicant,
} from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { auditSummary } from '../staff/audit-summary';
import { renderMessage, sampleValues } from './render-message';

/**
 * Composing messages to groups (issue 46, decision 066): segments against a fixture of applications (program,
 * stage, a released decision against a provisional one, decision state, complete, fee, lists of values, withdrawn,
 * a program-limited writer), the suppressions, the placeholders (each, and an unknown one refused at save), the
 * preview, a test send to the member's own address, and bad input.
 */
let t: TestApp;
let admin: TestClient;
const fx = {} as Record<'admitted' | 'provisional' | 'denied' | 'withdrawn' | 'urban' | 'unsent' | 'paid', Applicant>;

const code = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;
const messageOf = (res: { json: <T>() => T }) => res.json<{ message: string }>().message;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  const submitted = (email: string, first: string, major = 'MAE') =>
    submittedApplicant(t, email, { first_name: first, applied_major: major });
  fx.admitted = await submitted('m-admitted@example.edu', 'Ana');
  fx.provisional = await submitted('m-provisional@example.edu', 'Ben');
  fx.denied = await submitted('m-denied@example.edu', 'Cleo', 'MAPP');
  fx.withdrawn = await submitted('m-withdrawn@example.edu', 'Dan');
  fx.urban = await submitted('m-urban@example.edu', 'Eve', 'GSCUP');
  fx.paid = await submitted('m-paid@example.edu', 'Gus');
  fx.unsent = await applicantWith(t, 'm-unsent@example.edu', {
    first_name: 'Fay',
    last_name: 'Unsent',
    applied_major: 'MAE',
    entry_term: '2027FA',
  });
  const decide = (a: Applicant, decision: string) =>
    admin.put(`/api/staff/applications/${a.userId}/decision`, {
      code: decision,
      ...(decision === 'deny' ? { reasons: [{ id: 'program_full' }] } : {}),
    });
  await expectOk(await decide(fx.admitted, 'admit'));
  await expectOk(await decide(fx.denied, 'deny'));
  await expectOk(
    await admin.post('/api/staff/decisions/release', { application_ids: [fx.admitted.userId, fx.denied.userId] }),
  );
  // Recorded, never released: no message may go by it.
  await expectOk(await decide(fx.provisional, 'admit'));
  await expectOk(await admin.put(`/api/staff/applications/${fx.denied.userId}/stage`, { stage: 'committee-review' }));
  await expectOk(await fx.withdrawn.client.post('/api/withdraw', {}));
  const paid = await admin.post(`/api/staff/applications/${fx.paid.userId}/payments`, {
    amount: 7500,
    method: 'check',
    reference: '2001',
    received_on: '2026-11-01',
  });
  expect(paid.statusCode, paid.body).toBe(201);
});
afterAll(async () => {
  await t?.close();
});

async function draft(client: TestClient, segment: MessageSegment, extra: Record<string, unknown> = {}) {
  const res = await client.post('/api/staff/messages', {
    name: 'A group',
    segment,
    subject: 'Hello {{first_name}}',
    body: 'Dear {{first_name}},\n\nSee {{portal_link}}.',
    category: 'transactional',
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<StaffMessage>();
}

async function recipients(client: TestClient, id: string): Promise<MessageRecipientsResponse> {
  return (await expectOk(await client.get(`/api/staff/messages/${id}/recipients?limit=200`))).json();
}

/** Who a segment reaches: each application's state ('would_receive', or the suppression's reason). */
async function reach(segment: MessageSegment, client = admin, extra: Record<string, unknown> = {}) {
  const message = await draft(client, segment, extra);
  const answer = await recipients(client, message.id);
  const byName = Object.fromEntries(
    answer.recipients.map((r) => [r.name.split(' ')[0], r.suppressed_reason ?? r.state]),
  );
  expect(answer.total).toBe(answer.recipients.length);
  const receiving = answer.recipients.filter((r) => r.state === 'would_receive').length;
  expect(message.estimated_recipients).toBe(receiving);
  return { message, byName, ids: answer.recipients.map((r) => r.application_id).sort() };
}

async function listIds(query: string): Promise<string[]> {
  const list = (await expectOk(await admin.get(`/api/staff/applications?${query}`))).json<StaffListResponse>();
  return list.rows.map((r) => r.user_id).sort();
}

describe('a segment', () => {
  it('is the list of a program, withdrawn applicants suppressed unless asked for', async () => {
    const { byName, ids } = await reach({ program: 'MAE' });
    expect(byName).toEqual({
      Ana: 'would_receive',
      Ben: 'would_receive',
      Dan: 'withdrawn',
      Fay: 'would_receive',
      Gus: 'would_receive',
    });
    // The office's count and the list agree: the same filters, the same code.
    expect(ids).toEqual(await listIds('program=MAE'));
    const withWithdrawn = await reach({ program: 'MAE', include_withdrawn: true });
    expect(withWithdrawn.byName.Dan).toBe('would_receive');
    expect(withWithdrawn.message.estimated_recipients).toBe(5);
  });

  it('takes lists of values', async () => {
    expect(Object.keys((await reach({ program: ['MAE', 'GSCUP'] })).byName).sort()).toEqual([
      'Ana',
      'Ben',
      'Dan',
      'Eve',
      'Fay',
      'Gus',
    ]);
    expect((await reach({ program: ['MAPP'], term: ['2027FA', '2028FA'] })).byName).toEqual({ Cleo: 'would_receive' });
    expect((await reach({ status: ['none', 'started', 'validating'] })).byName).toEqual({ Fay: 'would_receive' });
  });

  it('goes by stage', async () => {
    expect((await reach({ stage: 'committee-review' })).byName).toEqual({ Cleo: 'would_receive' });
    expect((await reach({ stage: ['committee-review', 'awaiting-materials'] })).ids).toEqual(
      [...(await listIds('stage=committee-review')), ...(await listIds('stage=awaiting-materials'))].sort(),
    );
  });

  it('counts released decisions only: a provisional one selects no one', async () => {
    expect((await reach({ decision: 'admit' })).byName).toEqual({ Ana: 'would_receive' });
    expect((await reach({ decision: ['admit', 'deny'] })).byName).toEqual({
      Ana: 'would_receive',
      Cleo: 'would_receive',
    });
    expect((await reach({ decision: 'waitlist' })).byName).toEqual({});
    expect((await reach({ decision_state: 'released' })).byName).toEqual({
      Ana: 'would_receive',
      Cleo: 'would_receive',
    });
    for (const state of ['provisional', 'scheduled']) {
      const res = await admin.post('/api/staff/messages', {
        name: 'Leak',
        segment: { decision_state: state },
        subject: 'S',
        body: 'B',
        category: 'transactional',
      });
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('MESSAGE_SEGMENT_INVALID');
      expect(messageOf(res)).toContain(state);
    }
  });

  it('goes by decision state withdrawn only with include_withdrawn', async () => {
    expect((await reach({ decision_state: 'withdrawn' })).byName).toEqual({ Dan: 'withdrawn' });
    expect((await reach({ decision_state: 'withdrawn', include_withdrawn: true })).byName).toEqual({
      Dan: 'would_receive',
    });
  });

  it('goes by complete and by fee, as the list does', async () => {
    for (const complete of ['yes', 'no'] as const) {
      expect((await reach({ complete, include_withdrawn: true })).ids).toEqual(await listIds(`complete=${complete}`));
    }
    expect((await reach({ complete: ['yes', 'no'], include_withdrawn: true })).ids).toEqual(await listIds(''));
    expect((await reach({ fee: 'paid' })).byName).toEqual({ Gus: 'would_receive' });
    const due = await reach({ fee: 'due', include_withdrawn: true });
    expect(due.ids).toEqual(await listIds('fee=due'));
    expect(due.byName.Gus).toBeUndefined();
    expect(due.byName.Eve).toBeUndefined();
    expect((await reach({ fee: ['due', 'paid'], include_withdrawn: true })).ids).toEqual(
      [...due.ids, fx.paid.userId].sort(),
    );
  });

  it("is narrowed to a program-limited writer's programs on the server", async () => {
    const limited = await staffWithRoles(t, 'm-limited-decider@college.test', ['decider'], ['MAPP']);
    const everyone = await reach({}, limited);
    expect(everyone.byName).toEqual({ Cleo: 'would_receive' });
    const outside = await limited.post('/api/staff/messages', {
      name: 'Outside',
      segment: { program: 'MAE' },
      subject: 'S',
      body: 'B',
      category: 'transactional',
    });
    expect(outside.statusCode).toBe(400);
    expect(code(outside)).toBe('MESSAGE_SEGMENT_INVALID');
    expect(messageOf(outside)).toContain('MAE');
    // An administrator's message reaches every program: a limited member neither lists nor opens it.
    const wide = await draft(admin, {});
    expect((await limited.get(`/api/staff/messages/${wide.id}`)).statusCode).toBe(404);
    expect((await limited.get(`/api/staff/messages/${wide.id}/recipients`)).statusCode).toBe(404);
    const listed = (await expectOk(await limited.get('/api/staff/messages'))).json<StaffMessagesResponse>();
    expect(listed.messages.map((m) => m.id)).toContain(everyone.message.id);
    expect(listed.messages.map((m) => m.id)).not.toContain(wide.id);
    // The administrator edits the limited member's draft: it stays narrowed to MAPP.
    const edited = await admin.put(`/api/staff/messages/${everyone.message.id}`, {
      name: 'Still MAPP',
      segment: {},
      subject: 'S',
      body: 'B',
      category: 'transactional',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<StaffMessage>().estimated_recipients).toBe(1);
  });

  it('refuses an unknown filter value, naming it', async () => {
    const cases: [MessageSegment, string][] = [
      [{ program: ['MAE', 'NOPE'] }, 'NOPE'],
      [{ term: '1999FA' }, '1999FA'],
      [{ stage: 'limbo' }, 'limbo'],
      [{ decision: 'maybe' }, 'maybe'],
      [{ decision_state: 'pondering' }, 'pondering'],
      [{ status: 'lost' }, 'lost'],
      [{ fee: 'free' }, 'free'],
      [{ cycle: '1999-00' }, '1999-00'],
    ];
    for (const [segment, name] of cases) {
      const res = await admin.post('/api/staff/messages', {
        name: 'Bad',
        segment,
        subject: 'S',
        body: 'B',
        category: 'news',
      });
      expect({ status: res.statusCode, code: code(res), named: messageOf(res).includes(name) }).toEqual({
        status: 400,
        code: 'MESSAGE_SEGMENT_INVALID',
        named: true,
      });
    }
    const unknownKey = await admin.post('/api/staff/messages', {
      name: 'Bad',
      segment: { colour: 'blue' },
      subject: 'S',
      body: 'B',
      category: 'news',
    });
    expect(unknownKey.statusCode).toBe(400);
  });

  it('suppresses, for news, the accounts that unsubscribed, and everywhere an address a message bounced from', async () => {
    await t.db.query('INSERT INTO news_unsubscribes (account_id, unsubscribed_at) VALUES ($1, $2)', [
      fx.admitted.userId,
      t.clock.now(),
    ]);
    const old = randomUUID();
    await t.db.query(
      `INSERT INTO staff_messages (id, name, segment, subject, body, category, state, created_by, created_at, updated_at)
       VALUES ($1, 'Old', '{}', 'S', 'B', 'transactional', 'sent', $2, $3, $3)`,
      [old, STAFF_EMAIL, t.clock.now()],
    );
    await t.db.query(
      `INSERT INTO staff_message_recipients (message_id, user_id, email, state) VALUES ($1, $2, $3, 'failed')`,
      [old, fx.paid.userId, fx.paid.email],
    );
    try {
      const news = await reach({ program: 'MAE' }, admin, { category: 'news' });
      expect(news.byName).toMatchObject({ Ana: 'unsubscribed', Gus: 'bounced', Ben: 'would_receive' });
      const transactional = await reach({ program: 'MAE' });
      expect(transactional.byName).toMatchObject({ Ana: 'would_receive', Gus: 'bounced' });
    } finally {
      await t.db.query('DELETE FROM news_unsubscribes');
      await t.db.query('DELETE FROM staff_messages WHERE id = $1', [old]);
    }
  });
});

describe('a message', () => {
  it('is a draft that lists, shows, changes and deletes, each audited', async () => {
    // Newest first: written a moment after every other.
    t.clock.advance(60_000);
    const made = await draft(admin, { program: 'MAPP' }, { name: 'Committee' });
    expect(made).toMatchObject({ state: 'draft', name: 'Committee', estimated_recipients: 1, counts: null });
    const listed = (await expectOk(await admin.get('/api/staff/messages'))).json<StaffMessagesResponse>();
    expect(listed.time_zone).toBe('America/Chicago');
    expect(listed.messages[0]!.id).toBe(made.id);
    expect((await expectOk(await admin.get(`/api/staff/messages/${made.id}`))).json()).toMatchObject({ id: made.id });
    const changed = await admin.put(`/api/staff/messages/${made.id}`, {
      name: 'Committee, all of MAE',
      segment: { program: 'MAE' },
      subject: 'S',
      body: 'B',
      category: 'news',
    });
    expect(changed.json()).toMatchObject({ name: 'Committee, all of MAE', category: 'news', estimated_recipients: 4 });
    expect((await admin.delete(`/api/staff/messages/${made.id}`)).json()).toEqual({ id: made.id, deleted: true });
    expect((await admin.get(`/api/staff/messages/${made.id}`)).statusCode).toBe(404);
    const { rows } = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
      `SELECT action, detail FROM staff_audit_log WHERE detail->>'message' = $1 ORDER BY id`,
      [made.id],
    );
    expect(rows.map((r) => r.action)).toEqual(['message-save', 'view-messages', 'message-save', 'message-delete']);
    const labels = { decisions: t.deps.config.tenant.decisions, stages: new Map(), form: {} as never };
    expect(auditSummary({ ...rows[0]!, count: 1 }, labels)).toBe('wrote the message “Committee”');
    expect(auditSummary({ ...rows[3]!, count: 1 }, labels)).toBe('deleted the message “Committee, all of MAE”');
    expect(auditSummary({ action: 'message-send', detail: { name: 'X', confirm_count: 3 }, count: 1 }, labels)).toBe(
      'sent the message “X” to 3 recipients',
    );
    expect(auditSummary({ action: 'message-stop', detail: { name: 'X' }, count: 1 }, labels)).toBe(
      'stopped the message “X”',
    );
  });

  it('is changed or deleted only while a draft', async () => {
    const made = await draft(admin, {});
    await t.db.query(`UPDATE staff_messages SET state = 'sent' WHERE id = $1`, [made.id]);
    const put = await admin.put(`/api/staff/messages/${made.id}`, {
      name: 'N',
      segment: {},
      subject: 'S',
      body: 'B',
      category: 'news',
    });
    expect(put.statusCode).toBe(409);
    expect(code(put)).toBe('MESSAGE_NOT_DRAFT');
    const del = await admin.delete(`/api/staff/messages/${made.id}`);
    expect(del.statusCode).toBe(409);
    expect(code(del)).toBe('MESSAGE_NOT_DRAFT');
    expect((await admin.get(`/api/staff/messages/${randomUUID()}`)).statusCode).toBe(404);
    expect((await admin.get('/api/staff/messages/not-an-id')).statusCode).toBe(404);
  });

  it('once its list is fixed, shows that list and its counts', async () => {
    const made = await draft(admin, { program: 'MAE' });
    await t.db.query(`UPDATE staff_messages SET state = 'sent', started_at = $2 WHERE id = $1`, [
      made.id,
      t.clock.now(),
    ]);
    await t.db.query(
      `INSERT INTO staff_message_recipients (message_id, user_id, email, state, suppressed_reason, subject, body, sent_at)
       VALUES ($1, $2, $3, 'sent', NULL, 'Hello Ana', 'Dear Ana, as sent.', $5),
              ($1, $4, 'm-withdrawn@example.edu', 'suppressed', 'withdrawn', NULL, NULL, NULL)`,
      [made.id, fx.admitted.userId, fx.admitted.email, fx.withdrawn.userId, t.clock.now()],
    );
    const answer = await recipients(admin, made.id);
    expect(answer.total).toBe(2);
    expect(answer.recipients).toEqual([
      {
        application_id: fx.admitted.userId,
        name: 'Ana Lovelace',
        email: fx.admitted.email,
        program: 'MAE',
        state: 'sent',
        suppressed_reason: null,
      },
      {
        application_id: fx.withdrawn.userId,
        name: 'Dan Lovelace',
        email: fx.withdrawn.email,
        program: 'MAE',
        state: 'suppressed',
        suppressed_reason: 'withdrawn',
      },
    ]);
    const shown = (await expectOk(await admin.get(`/api/staff/messages/${made.id}`))).json<StaffMessage>();
    expect(shown.counts).toEqual({ recipients: 2, sent: 1, failed: 0, suppressed: 1, queued: 0 });
    expect(shown.estimated_recipients).toBe(1);
    // What the applicant was sent, as sent.
    const preview = await admin.post(`/api/staff/messages/${made.id}/preview`, { application_id: fx.admitted.userId });
    expect(preview.json()).toEqual({
      application_id: fx.admitted.userId,
      subject: 'Hello Ana',
      body: 'Dear Ana, as sent.',
    });
  });
});

describe('placeholders', () => {
  const EVERY =
    'Dear {{first_name}} {{ last_name }},\nProgram: {{program}}\nTerm: {{term}}\nDue: {{deadline}}\nMissing:\n{{missing_items}}\nGo: {{portal_link}}';

  it('are each filled from the recipient’s application', async () => {
    const made = await draft(admin, { program: 'MAE' }, { subject: '{{first_name}}, about {{program}}', body: EVERY });
    const preview = await admin.post(`/api/staff/messages/${made.id}/preview`, { application_id: fx.admitted.userId });
    expect(preview.statusCode, preview.body).toBe(200);
    const answer = preview.json<MessagePreview>();
    const tenant = t.deps.config.tenant;
    const deadline = formatInZone(deadlineOf(tenant, 'MAE')!.deadline, tenant.time_zone);
    const status = (await expectOk(await fx.admitted.client.get('/api/status'))).json<StatusResponse>();
    const missing = status.checklist
      .filter((i) => i.state !== 'received' && i.state !== 'waived')
      .map((i) => `- ${i.label}`);
    expect(missing.length).toBeGreaterThan(0);
    expect(answer).toEqual({
      application_id: fx.admitted.userId,
      subject: 'Ana, about MA in Education',
      body: [
        'Dear Ana Lovelace,',
        'Program: MA in Education',
        'Term: Fall 2027',
        `Due: ${deadline}`,
        'Missing:',
        ...missing,
        'Go: http://portal.test/completion',
      ].join('\n'),
    });
    expect(deadline).toMatch(/^11:59 pm .* on \w+day, 1 April 2027$/);
    // Before submission, the link leads to the application itself.
    const unsent = await admin.post(`/api/staff/messages/${made.id}/preview`, { application_id: fx.unsent.userId });
    expect(unsent.json<MessagePreview>().body).toContain('Go: http://portal.test/about');
    expect(unsent.json<MessagePreview>().body).toContain('Dear Fay Unsent');
  });

  it('are refused at save when unknown, naming the placeholder', async () => {
    for (const [field, text] of [
      ['body', 'Dear {{first}},'],
      ['subject', 'About {{ programme }}'],
    ] as const) {
      const body = { name: 'N', segment: {}, subject: 'S', body: 'B', category: 'news', [field]: text };
      const res = await admin.post('/api/staff/messages', body);
      expect(res.statusCode).toBe(400);
      expect(code(res)).toBe('MESSAGE_PLACEHOLDER_UNKNOWN');
      expect(messageOf(res)).toContain(field === 'body' ? '{{first}}' : '{{programme}}');
    }
    const made = await draft(admin, {});
    const put = await admin.put(`/api/staff/messages/${made.id}`, {
      name: 'N',
      segment: {},
      subject: 'S',
      body: 'Hi {{nickname}}',
      category: 'news',
    });
    expect(put.statusCode).toBe(400);
    expect(code(put)).toBe('MESSAGE_PLACEHOLDER_UNKNOWN');
    expect(messageOf(put)).toContain('{{nickname}}');
  });

  it('make an HTML part with clickable links, the college’s name and signature, everything escaped', () => {
    const rendered = renderMessage(
      t.deps,
      { subject: 'S', body: 'Dear {{first_name}} <b>x</b>\nSee {{portal_link}}.' },
      { ...sampleValues(t.deps), first_name: 'A&B' },
    );
    expect(rendered.text).toContain('Dear A&B <b>x</b>\nSee http://portal.test/completion.');
    expect(rendered.text).toContain('Graduate Admissions');
    expect(rendered.html).toContain('Dear A&amp;B &lt;b&gt;x&lt;/b&gt;<br>');
    expect(rendered.html).toContain('<a href="http://portal.test/completion">http://portal.test/completion</a>.');
    expect(rendered.html).toContain(`${t.deps.config.tenant.partnerName} Graduate Admissions`);
    expect(rendered.html).toContain(t.deps.config.tenant.helpEmail);
  });
});

describe('preview and test send', () => {
  it('previews the first who would receive it, or sample values when the segment reaches no one', async () => {
    const made = await draft(admin, { program: 'MAE' });
    const first = (
      await expectOk(await admin.post(`/api/staff/messages/${made.id}/preview`, {}))
    ).json<MessagePreview>();
    const list = await recipients(admin, made.id);
    expect(first.application_id).toBe(list.recipients.find((r) => r.state === 'would_receive')!.application_id);
    const none = await draft(admin, { decision: 'waitlist' });
    expect((await expectOk(await admin.post(`/api/staff/messages/${none.id}/preview`))).json()).toMatchObject({
      application_id: null,
      subject: 'Hello Ada',
    });
    // An application the message does not reach is none of its recipients.
    const outside = await admin.post(`/api/staff/messages/${made.id}/preview`, { application_id: fx.denied.userId });
    expect(outside.statusCode).toBe(404);
  });

  it("sends a test to the member's own address, marked, and to no applicant", async () => {
    const made = await draft(
      admin,
      { program: 'MAPP' },
      { subject: 'Your {{program}} interview', body: 'Dear {{first_name}},\nSee {{portal_link}}' },
    );
    const before = t.smtp.mails.length;
    const res = await admin.post(`/api/staff/messages/${made.id}/test`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = t.smtp.last(STAFF_EMAIL);
    expect(mail.subject).toBe('[Test] Your MA in Applied Psychology interview');
    expect(mail.text).toContain('Dear Cleo,\nSee http://portal.test/completion');
    expect(mail.text).toContain('Graduate Admissions');
    expect(t.smtp.mails.slice(before).map((m) => m.to)).toEqual([[STAFF_EMAIL]]);
    const decider = await staffWithRoles(t, 'm-decider@college.test', ['decider']);
    expect((await decider.post(`/api/staff/messages/${made.id}/test`)).statusCode).toBe(200);
    expect(t.smtp.last('m-decider@college.test').subject).toBe('[Test] Your MA in Applied Psychology interview');
    const { rows } = await t.db.query(
      `SELECT staff_email FROM staff_audit_log WHERE action = 'message-test' AND detail->>'message' = $1`,
      [made.id],
    );
    expect(rows).toHaveLength(2);
  });
});

describe('bad input', () => {
  const base = { name: 'N', segment: {}, subject: 'S', body: 'B', category: 'news' };
  it.each([
    ['an empty subject', { subject: '  ' }],
    ['an empty body', { body: '' }],
    ['a body over 20,000 characters', { body: 'x'.repeat(MESSAGE_BODY_MAX + 1) }],
    ['an unknown category', { category: 'spam' }],
    ['no name', { name: '' }],
  ])('refuses %s with 400', async (_name, change) => {
    const res = await admin.post('/api/staff/messages', { ...base, ...change });
    expect(res.statusCode).toBe(400);
    expect(code(res)).toBe('BAD_REQUEST');
  });

  it('takes a body of exactly 20,000 characters', async () => {
    const res = await admin.post('/api/staff/messages', { ...base, body: 'x'.repeat(MESSAGE_BODY_MAX) });
    expect(res.statusCode).toBe(201);
  });

  it('refuses a recipients limit out of range', async () => {
    const made = await draft(admin, {});
    expect((await admin.get(`/api/staff/messages/${made.id}/recipients?limit=0`)).statusCode).toBe(400);
    expect((await admin.get(`/api/staff/messages/${made.id}/recipients?limit=5000`)).statusCode).toBe(400);
    const few = await recipients(admin, made.id);
    const two = (
      await expectOk(await admin.get(`/api/staff/messages/${made.id}/recipients?limit=2`))
    ).json<MessageRecipientsResponse>();
    expect(two.recipients).toEqual(few.recipients.slice(0, 2));
    expect(two.total).toBe(few.total);
  });
});
