import { completeAnswers } from '@admissions/domain/testing';
import { loggedInClient, save, userIdOf } from './application-helpers';
import { expectOk, type TestApp, type TestClient } from './test-app';

export const STAFF_EMAIL = 'dean@college.test';
export const STAFF_ENV = { STAFF_EMAILS: `registrar@college.test, ${STAFF_EMAIL}` };

export interface Applicant {
  client: TestClient;
  email: string;
  userId: string;
}

/** A logged-in applicant with the given answers saved (and submitted when asked). */
export async function applicantWith(
  t: TestApp,
  email: string,
  answers: Record<string, string>,
  submit = false,
): Promise<Applicant> {
  const client = await loggedInClient(t, email);
  if (Object.keys(answers).length) await save(client, answers);
  if (submit) await expectOk(await client.post('/api/submit'));
  return { client, email, userId: await userIdOf(t, email) };
}

export async function submittedApplicant(
  t: TestApp,
  email: string,
  names: Record<string, string> = {},
): Promise<Applicant> {
  return applicantWith(t, email, { ...completeAnswers(), ...names }, true);
}

/** A fresh print link for an application, made by a staff client. */
export async function printToken(staff: TestClient, userId: string): Promise<{ id: string; token: string }> {
  return (await expectOk(await staff.post(`/api/staff/applications/${userId}/print-token`))).json();
}

/** What an operator does by changing STAFF_EMAILS and restarting: the app reads the list on every staff call. */
export function setStaffList(t: TestApp, ...emails: string[]): void {
  (t.deps.config as { staffEmails: ReadonlySet<string> }).staffEmails = new Set(emails);
}
