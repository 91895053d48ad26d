import type { MfaStatus, TeamMemberInput, TeamResponse, TotpEnrolment } from '@admissions/domain';
import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { readFile, writeFile } from 'node:fs/promises';
import { advanceCampusClock } from './campus-stack';
import { createConfirmedAccount, expect, PASSWORD, sameOrigin } from './fixtures';
import { CAMPUS_OFFICE_EMAIL, CAMPUS_OFFICE_TOTP_FILE } from './paths';
import { totpAt } from './totp';

/**
 * The campus stack's seeding administrator (CAMPUS_OFFICE_EMAIL, in its STAFF_EMAILS), through the API as a
 * browser would call it: signed up, its authenticator app set up, on the first use in a run; signed in with the
 * password and a code after that. Each sign-in moves the server's clock to the next 30 s step, so no code is used
 * twice (the server refuses a replay). Its key is kept in CAMPUS_OFFICE_TOTP_FILE for the journeys that sign in
 * as this administrator in the browser.
 */
export async function officeApi(baseURL: string): Promise<APIRequestContext> {
  const api = await playwrightRequest.newContext({ baseURL });
  const headers = sameOrigin();
  const logIn = () =>
    api.post('/public/login', { data: { username: CAMPUS_OFFICE_EMAIL, password: PASSWORD }, headers });
  if ((await logIn()).status() !== 200) {
    await createConfirmedAccount(api, CAMPUS_OFFICE_EMAIL);
    expect((await logIn()).status()).toBe(200);
  }
  const status = (await (await api.get('/api/staff/mfa')).json()) as MfaStatus;
  const now = await advanceCampusClock(30_000);
  if (status.enrolled) {
    const code = await totpAt(await officeTotpSecret(), now);
    expect((await api.post('/api/staff/mfa/verify', { data: { code }, headers })).status()).toBe(200);
  } else {
    const started = await api.post('/api/staff/mfa/totp', { headers });
    expect(started.status()).toBe(200);
    const { secret } = (await started.json()) as TotpEnrolment;
    const confirmed = await api.post('/api/staff/mfa/totp/confirm', {
      data: { code: await totpAt(secret, now) },
      headers,
    });
    expect(confirmed.status()).toBe(200);
    await writeFile(CAMPUS_OFFICE_TOTP_FILE, secret);
  }
  return api;
}

/** The seeding administrator's authenticator key (set up by officeApi). */
export async function officeTotpSecret(): Promise<string> {
  return (await readFile(CAMPUS_OFFICE_TOTP_FILE, 'utf8')).trim();
}

/** Invites a member through the seeding administrator, unless the team already has them. */
export async function inviteThroughApi(baseURL: string, member: TeamMemberInput): Promise<void> {
  const api = await officeApi(baseURL);
  const team = (await (await api.get('/api/staff/team')).json()) as TeamResponse;
  if (!team.members.some((m) => m.email.toLowerCase() === member.email.toLowerCase())) {
    const invited = await api.post('/api/staff/team', { data: member, headers: sameOrigin() });
    expect(invited.status(), await invited.text()).toBe(201);
  }
  await api.dispose();
}
