import { completeAnswers } from '@admissions/domain/testing';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { createConfirmedAccount, ensureStaffAccount, expect, PASSWORD, sameOrigin, uniqueEmail } from './fixtures';
import { STAFF_EMAIL } from './paths';

/** What the decision journeys share: applicants who submitted, the keyboard's reach, the release picker's value. */

/** An applicant who filled in and submitted everything, through the API in a context of their own. */
export async function submittedApplicant(baseURL: string, firstName: string, lastName: string, prefix = 'decided') {
  const email = uniqueEmail(prefix);
  const api = await playwrightRequest.newContext({ baseURL });
  await createConfirmedAccount(api, email);
  const headers = sameOrigin();
  expect((await api.post('/public/login', { data: { username: email, password: PASSWORD }, headers })).status()).toBe(
    200,
  );
  const answers = { ...completeAnswers(), first_name: firstName, last_name: lastName };
  expect((await api.put('/api/answer', { data: answers, headers })).status()).toBe(200);
  expect((await api.post('/api/submit', { headers })).status()).toBe(200);
  await api.dispose();
  return email;
}

/** The office's API session (the admin of the e2e stack, who may decide). */
export async function officeApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  await ensureStaffAccount(api, STAFF_EMAIL);
  const login = await api.post('/public/login', {
    data: { username: STAFF_EMAIL, password: PASSWORD },
    headers: sameOrigin(),
  });
  expect(login.status()).toBe(200);
  return api;
}

/** The office's id of the one application whose applicant has this last name. */
export async function userIdOf(office: APIRequestContext, lastName: string): Promise<string> {
  const res = await office.get(`/api/staff/applications?q=${encodeURIComponent(lastName.toLowerCase())}`);
  expect(res.status()).toBe(200);
  const { rows } = (await res.json()) as { rows: { user_id: string }[] };
  expect(rows).toHaveLength(1);
  return rows[0]!.user_id;
}

/** An instant as the release picker holds it: a local date and time in the institution's zone ('2026-11-02T09:05'). */
export function localInChicago(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Chicago',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const p = Object.fromEntries(parts.map((part) => [part.type, part.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}
