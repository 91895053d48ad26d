import { randomUUID } from 'node:crypto';
import {
  RECOMMENDATION_LETTER_FILE_PATH,
  RECOMMENDATION_UPLOAD_FORM_PATH,
  RECOMMENDATIONS_PATH,
  STATUS_PATH,
  type ChecklistItem,
  type PresignedUrlResponse,
  type RecommendationsResponse,
  type RecommendationView,
  type RecommenderState,
  type StatusResponse,
} from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { postUploadForm } from '../../test-support/document-helpers';
import { openLink } from '../../test-support/letter-helpers';
import { expectOk, type TestApp, type TestClient } from '../../test-support/test-app';

/** Complete answers naming no recommender: each test says whom an application names. */
const answersWithoutRecommenders = () =>
  Object.fromEntries(Object.entries(completeAnswers()).filter(([key]) => !key.startsWith('recommender_')));

/**
 * Another application of the account in the open cycle, as POST /api/applications will start one (issue 42):
 * an owner row with application_of = the account, and its answers (complete, naming no recommender unless
 * `answers` does). Until that route lands, made in SQL.
 */
export async function anotherApplication(
  t: TestApp,
  accountId: string,
  answers: Record<string, string>,
): Promise<string> {
  const ownerId = randomUUID();
  const now = t.clock.now();
  await t.db.query(
    `INSERT INTO users (id, email, password_hash, confirmed_at, created_at, application_of)
     SELECT $1, email, '', confirmed_at, $2, id FROM users WHERE id = $3`,
    [ownerId, now, accountId],
  );
  await t.db.query(`INSERT INTO applications (user_id, answers, updated_at, cycle_id) VALUES ($1, $2::jsonb, $3, $4)`, [
    ownerId,
    JSON.stringify({ ...answersWithoutRecommenders(), entry_term: '2027FA', ...answers }),
    now,
    t.deps.config.tenant.cycle.id,
  ]);
  return ownerId;
}

/** Makes `ownerId` the application the account's sessions act on (null: the account's own), as PUT /api/applications/current will. */
export async function openApplication(t: TestApp, accountId: string, ownerId: string | null): Promise<void> {
  await t.db.query('UPDATE sessions SET application_id = $1 WHERE user_id = $2', [ownerId, accountId]);
}

/** The recommender states of one application of the account, read as the applicant with it open. */
export async function statesOf(
  t: TestApp,
  client: TestClient,
  accountId: string,
  ownerId: string,
): Promise<RecommenderState[]> {
  await openApplication(t, accountId, ownerId === accountId ? null : ownerId);
  try {
    return (await expectOk(await client.get(RECOMMENDATIONS_PATH))).json<RecommendationsResponse>().recommenders;
  } finally {
    await openApplication(t, accountId, null);
  }
}

/** The first letter's checklist item of one application of the account, as its status page shows it. */
export async function letterItemOf(
  t: TestApp,
  client: TestClient,
  accountId: string,
  ownerId: string,
): Promise<ChecklistItem | undefined> {
  await openApplication(t, accountId, ownerId === accountId ? null : ownerId);
  try {
    const status = (await expectOk(await client.get(STATUS_PATH))).json<StatusResponse>();
    return status.checklist.find((i) => i.key === 'letter:recommender_');
  } finally {
    await openApplication(t, accountId, null);
  }
}

/** What the recommender's page does with a file: ask for a form, post the file, hand the key back. */
export async function uploadLetter(recommender: TestClient, token: string, name: string, bytes: Uint8Array) {
  const form = (
    await expectOk(await recommender.post(RECOMMENDATION_UPLOAD_FORM_PATH, { token }))
  ).json<PresignedUrlResponse>();
  await postUploadForm(recommender, form, name, bytes);
  return recommender.post(RECOMMENDATION_LETTER_FILE_PATH, { token, file_key: form.fields.key, file_name: name });
}

/** Polls as the recommender's page does until the uploaded letter settles (slowly: the page is rate limited). */
export async function settledLetter(t: TestApp, token: string): Promise<RecommendationView> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const view = (await expectOk(await openLink(t, token))).json<RecommendationView>();
    if (!['UNPROCESSED', 'IN_PROGRESS'].includes(view.letter_file.status)) return view;
    if (Date.now() > deadline) throw new Error('the letter did not settle');
    await new Promise((r) => setTimeout(r, 600));
  }
}
