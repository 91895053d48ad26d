import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeAnswers } from '@admissions/domain/testing';
import { signUpAndLogIn, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function applicant(): Promise<{ client: TestClient; email: string }> {
  const client = t.client();
  const email = `submit${n++}@example.edu`;
  await signUpAndLogIn(t, client, email);
  return { client, email };
}

async function profile(client: TestClient) {
  return (await client.get('/api/profile')).json();
}

describe('POST /api/submit', () => {
  it('refuses an incomplete application with 422 and the errors by field, changing nothing', async () => {
    const { client } = await applicant();
    const { last_name: _omitted, ...incomplete } = completeAnswers();
    expect((await client.put('/api/answer', incomplete)).statusCode).toBe(200);
    const before = await profile(client);

    const res = await client.post('/api/submit');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'APPLICATION_INCOMPLETE', errors: { last_name: ['Last name'] } });
    expect(Object.keys(res.json().errors)).toEqual(['last_name']);
    expect(await profile(client)).toEqual(before);
    expect((await client.put('/api/answer', { last_name: 'Lovelace' })).statusCode).toBe(200);
  });

  it('accepts a complete application, records submitted, and e-mails a confirmation', async () => {
    const { client, email } = await applicant();
    await client.put('/api/answer', completeAnswers());
    const res = await client.post('/api/submit');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Your application was successfully submitted.' });

    const p = await profile(client);
    expect(p.web_status.map((s: { web_status: string }) => s.web_status).sort()).toEqual([
      'started',
      'submitted',
      'validating',
    ]);
    const mail = t.smtp.last(email);
    expect(mail.subject).toBe('We received your Graduate Application for Admission');
    expect(mail.text).toMatch(/Thank you! Brightwater College received your application at .+ Central Time on /);
    expect(mail.text).toContain(
      'To read your answers or download a PDF copy of your application, log in at http://portal.test/completion',
    );
    // What was submitted, by section, and no answer: the mailbox is not behind the login.
    expect(mail.text).toContain('Step 1: About You\n  - Your Name\n');
    expect(mail.text).toContain('Step 3: Final Steps\n');
    expect(mail.text).toContain('Documents:\n  (none)');
    for (const value of Object.values(completeAnswers()).filter((v) => v.length > 1 && !['true', 'USA'].includes(v))) {
      expect(mail.text).not.toContain(value);
    }
  });

  it('refuses every write after submission with 409, and changes nothing', async () => {
    const { client } = await applicant();
    await client.put('/api/answer', completeAnswers());
    expect((await client.post('/api/submit')).statusCode).toBe(200);
    const before = await profile(client);
    const tabsBefore = (await client.get('/api/tabs')).json();
    const addBefore = (await client.get('/api/add-another')).json();

    const writes = [
      await client.put('/api/answer', { first_name: 'Changed' }),
      await client.put('/api/answer', { suspended: 'Y' }),
      await client.put('/api/add-another', { button_id: 'college', num_components: 2 }),
      await client.put('/api/tabs', { tab_id: 'college_transcript', chosen_tab: 'later' }),
      await client.put('/api/last-page', { last_page: '/final-steps' }),
      await client.post('/api/validations', { errors: { first_name: ['First name'] } }),
      await client.post('/api/web-status', { web_status: 'validating' }),
    ];
    for (const res of writes) {
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'APPLICATION_SUBMITTED',
        message: 'Your application has already been submitted and can no longer be changed.',
      });
    }
    expect(await profile(client)).toEqual(before);
    expect((await client.get('/api/tabs')).json()).toEqual(tabsBefore);
    expect((await client.get('/api/add-another')).json()).toEqual(addBefore);
  });

  it('treats a second submit as harmless: same answer, nothing changes, no second e-mail', async () => {
    const { client, email } = await applicant();
    await client.put('/api/answer', completeAnswers());
    await client.post('/api/submit');
    const before = await profile(client);
    const mails = t.smtp.to(email).length;
    const again = await client.post('/api/submit');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Your application was successfully submitted.' });
    expect(await profile(client)).toEqual(before);
    expect(t.smtp.to(email)).toHaveLength(mails);
  });

  it('never lets the status list say submitted unless the server validation passed', async () => {
    const { client } = await applicant();
    const res = await client.post('/api/web-status', { web_status: 'submitted' });
    expect(res.statusCode).toBe(422);
    const p = await profile(client);
    expect(p.web_status).toEqual([]);
  });

  it('scrubs answers to hidden questions before deciding', async () => {
    const { client } = await applicant();
    await client.put('/api/answer', completeAnswers());
    // A client that skips the clearing rules cannot leave a hidden answer behind.
    await t.db.query(
      `UPDATE applications SET answers = answers || '{"suspended_comment":"stale"}'::jsonb WHERE user_id = (SELECT id FROM users WHERE email = $1)`,
      [`submit${n - 1}@example.edu`],
    );
    expect((await client.post('/api/submit')).statusCode).toBe(200);
    expect((await profile(client)).answer.suspended_comment).toBe('');
  });
});

describe('POST /api/validations', () => {
  it('keeps the latest set of errors for staff', async () => {
    const { client, email } = await applicant();
    const first = await client.post('/api/validations', { errors: { first_name: ['First name'], city: ['City'] } });
    expect(first.statusCode).toBe(200);
    await client.post('/api/validations', { errors: { city: ['City'] } });
    const { rows } = await t.db.query<{ validation_errors: unknown }>(
      'SELECT validation_errors FROM applications a JOIN users u ON u.id = a.user_id WHERE u.email = $1',
      [email],
    );
    expect(rows[0]?.validation_errors).toEqual({ city: ['City'] });
  });

  it('rejects keys that are not questions', async () => {
    const { client } = await applicant();
    const res = await client.post('/api/validations', { errors: { not_a_question: ['x'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('UNKNOWN_ANSWER_KEY');
  });
});
