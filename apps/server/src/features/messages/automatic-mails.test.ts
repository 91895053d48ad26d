import { normalizeEmail, type ApplicationMessagesResponse, type StaffMessage } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MINUTE, SECOND } from '../../infra/time-units';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * The office's view of what an application was sent (issue 46: "beside the automatic e-mails already sent, codes
 * excluded"): GET /api/staff/applications/{id}/messages answers the messages to groups and, in `automatic`, the
 * mail log of the application's address, less the kinds that carry a code or a secret link.
 */
let t: TestApp;
let admin: TestClient;
let ana: Applicant;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  ana = await submittedApplicant(t, 'auto-ana@example.edu', { first_name: 'Ana', applied_major: 'MAPS' });
  await t.mailDelivered();
});
afterAll(async () => {
  await t?.close();
});

/** A mail of `kind` in the log of Ana's address, a minute after the last. */
async function logged(kind: string, subject: string) {
  t.clock.advance(MINUTE);
  await t.db.query('INSERT INTO mail_log (email_norm, kind, subject, sent_at) VALUES ($1, $2, $3, $4)', [
    normalizeEmail(ana.email),
    kind,
    subject,
    t.clock.now(),
  ]);
}

describe("the automatic e-mails on the application's page", () => {
  it('lists the mails sent to its address, newest first, without those that carry a code or a secret link', async () => {
    await logged('password-reset-link', 'Reset your password');
    await logged('resume-link', 'Your saved answers');
    await logged('signup-attempt', 'Someone tried to create an account');
    await logged('deadline-reminder', 'Your deadline is near');
    await logged('decision-available', 'A decision on your application');
    await logged('item-requested', 'Please send a transcript');
    // To another address: not this application's.
    await t.db.query('INSERT INTO mail_log (email_norm, kind, subject, sent_at) VALUES ($1, $2, $3, $4)', [
      'someone-else@example.edu',
      'submission',
      'Not Ana',
      t.clock.now(),
    ]);

    // A message to a group: listed as a message, not again as an automatic mail.
    t.clock.advance(SECOND);
    const draft = await admin.post('/api/staff/messages', {
      name: 'Auto',
      segment: { program: 'MAPS' },
      subject: 'Group note {{first_name}}',
      body: 'Dear {{first_name}}, a note.',
      category: 'transactional',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const m = draft.json<StaffMessage>();
    await expectOk(await admin.post(`/api/staff/messages/${m.id}/send`, { confirm_count: m.estimated_recipients }));
    await expect
      .poll(
        async () =>
          (await t.db.query<{ state: string }>('SELECT state FROM staff_messages WHERE id = $1', [m.id])).rows[0]
            ?.state,
        { timeout: 30_000, interval: 20 },
      )
      .toBe('sent');
    await t.mailDelivered();

    const office = (
      await expectOk(await admin.get(`/api/staff/applications/${ana.userId}/messages`))
    ).json<ApplicationMessagesResponse>();
    expect(office.messages.map((x) => x.subject)).toEqual(['Group note Ana']);
    const kinds = office.automatic.map((a) => a.kind);
    expect(kinds.slice(0, 3)).toEqual(['item-requested', 'decision-available', 'deadline-reminder']);
    // The receipt of the submission (before the mails logged above) is there; the account's code is not.
    expect(kinds).toContain('submission');
    for (const hidden of ['confirmation-code', 'password-reset-link', 'resume-link', 'signup-attempt', 'staff-message'])
      expect(kinds).not.toContain(hidden);
    expect(office.automatic.map((a) => a.subject)).not.toContain('Not Ana');
    expect(office.automatic[0]).toEqual({
      kind: 'item-requested',
      subject: 'Please send a transcript',
      sent_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const times = office.automatic.map((a) => a.sent_at);
    expect([...times].sort().reverse()).toEqual(times);

    // The applicant's own Messages are the messages to groups only.
    const mine = (await expectOk(await ana.client.get('/api/messages'))).json<Record<string, unknown>>();
    expect(Object.keys(mine)).toEqual(['messages']);
  });
});
