import type { LightMyRequestResponse } from 'fastify';
import type { ProfileResponse } from '@admissions/domain';
import { expectOk, signUpAndLogIn, type TestApp, type TestClient } from './test-app';

/** A new client, signed up, confirmed and logged in as `email`. */
export async function loggedInClient(t: TestApp, email: string): Promise<TestClient> {
  const client = t.client();
  await signUpAndLogIn(t, client, email);
  return client;
}

/** A second session (another tab or device) of an account that already exists. */
export async function anotherSession(t: TestApp, email: string, password = 'Correct-Horse-42'): Promise<TestClient> {
  const client = t.client();
  await expectOk(await client.post('/public/login', { username: email, password }));
  return client;
}

/** What GET /api/profile returns to this client (failing the test on any other status). */
export async function profileOf(client: TestClient): Promise<ProfileResponse> {
  return (await expectOk(await client.get('/api/profile'))).json<ProfileResponse>();
}

/** The stored answers as the applicant sees them. */
export async function answersOf(client: TestClient): Promise<Record<string, string>> {
  return (await profileOf(client)).answer;
}

/** PUT /api/answer, failing the test unless it is accepted. */
export async function save(client: TestClient, answers: Record<string, string>): Promise<void> {
  await expectOk(await client.put('/api/answer', answers));
}

/** The account's id (a past cycle's application has an owner of its own with the same address: decision 052). */
export async function userIdOf(t: TestApp, email: string): Promise<string> {
  const { rows } = await t.db.query<{ id: string }>(
    'SELECT id FROM users WHERE lower(email) = lower($1) AND application_of IS NULL',
    [email],
  );
  if (!rows[0]) throw new Error(`no user ${email}`);
  return rows[0].id;
}

/** The answer_history rows of an applicant, oldest first: only what a test compares. */
export async function historyRows(t: TestApp, email: string) {
  const { rows } = await t.db.query<{ kind: string; changes: Record<string, unknown> }>(
    'SELECT kind, changes FROM answer_history WHERE user_id = $1 ORDER BY id',
    [await userIdOf(t, email)],
  );
  return rows.map((r) => ({ kind: r.kind, changes: r.changes }));
}

/** Marks the application submitted directly in the database (there is no submit call yet). */
export async function markSubmitted(t: TestApp, email: string): Promise<void> {
  const userId = await userIdOf(t, email);
  const now = t.clock.now();
  await t.db.query(
    `INSERT INTO applications (user_id, updated_at, submitted_at) VALUES ($1, $2, $2)
     ON CONFLICT (user_id) DO UPDATE SET submitted_at = EXCLUDED.submitted_at`,
    [userId, now],
  );
}

/** Status and JSON body: what an API client branches on. */
export function statusAndBody(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: res.json() as unknown };
}
