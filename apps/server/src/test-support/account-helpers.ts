import type { LightMyRequestResponse } from 'fastify';
import { DEVICE_COOKIE } from '../features/accounts/device-cookie';
import { expectOk, type TestApp, type TestClient } from './test-app';

/** A password that passes every rule of SPEC section 5. */
export const PASSWORD = 'Correct-Horse-42';
export const OTHER_PASSWORD = 'Battery-Staple-77';

/** The 6-digit code of the newest confirmation mail to an address. */
export function lastCode(t: TestApp, address: string): string {
  const code = /Your confirmation code is: (\d{6})\b/.exec(t.smtp.last(address).text)?.[1];
  if (!code) throw new Error(`no confirmation code in the last mail to ${address}`);
  return code;
}

/** A well-formed code that differs from the given one. */
export function otherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The reset link of the newest reset mail to an address. */
export function lastResetLink(t: TestApp, address: string): URL {
  const link = /(https?:\/\/\S+\/reset\?\S+)/.exec(t.smtp.last(address).text)?.[1];
  if (!link) throw new Error(`no reset link in the last mail to ${address}`);
  return new URL(link);
}

/** Signs up (without confirming) and returns the e-mailed code. */
export async function signUp(t: TestApp, client: TestClient, username: string, password = PASSWORD): Promise<string> {
  await expectOk(await client.post('/public/signup', { username, password }));
  return lastCode(t, username);
}

/** Signs up and confirms, without logging in. */
export async function signUpAndConfirm(t: TestApp, client: TestClient, username: string, password = PASSWORD) {
  const code = await signUp(t, client, username, password);
  await expectOk(await client.post('/public/confirm', { username, code }));
}

export interface SetCookie {
  value: string;
  /** Attribute names in lower case, with their values ('' for flags). */
  attributes: Map<string, string>;
  raw: string;
}

/** The Set-Cookie headers of a response by cookie name, exactly as a browser would read them. */
export function setCookies(res: LightMyRequestResponse): Map<string, SetCookie> {
  const header = res.headers['set-cookie'];
  const list = header === undefined ? [] : Array.isArray(header) ? header : [header];
  const cookies = new Map<string, SetCookie>();
  for (const raw of list) {
    const [pair, ...attrs] = raw.split(';').map((s) => s.trim());
    const eq = pair!.indexOf('=');
    const attributes = new Map<string, string>();
    for (const a of attrs) {
      const i = a.indexOf('=');
      attributes.set((i < 0 ? a : a.slice(0, i)).toLowerCase(), i < 0 ? '' : a.slice(i + 1));
    }
    cookies.set(pair!.slice(0, eq), { value: pair!.slice(eq + 1), attributes, raw });
  }
  return cookies;
}

/** True when the Set-Cookie removes the cookie (empty value, expired). */
export function isCleared(cookie: SetCookie | undefined): boolean {
  if (!cookie) return false;
  const expires = cookie.attributes.get('expires');
  return (
    cookie.value === '' &&
    (cookie.attributes.get('max-age') === '0' || (expires !== undefined && new Date(expires).getTime() <= Date.now()))
  );
}

/** Every row of every table, as text: for proving a secret is stored nowhere in plain form. */
export async function wholeDatabaseText(t: TestApp): Promise<string> {
  const { rows: tables } = await t.db.query<{ table_name: string }>(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const { rows } = await t.db.query<{ row: string }>(`SELECT r::text AS row FROM "${table_name}" r`);
    parts.push(...rows.map((r) => `${table_name}: ${r.row}`));
  }
  return parts.join('\n');
}

/** What a client can compare between two answers: status, body and Retry-After. */
export function outcome(res: LightMyRequestResponse) {
  return { status: res.statusCode, body: res.body, retryAfter: res.headers['retry-after'] };
}

/**
 * Names of the cookies a response sets, apart from the device cookie that
 * every account call may give a browser (device-cookie.ts): the session
 * cookies a test means when it says "no cookie".
 */
export function sessionSetCookies(res: LightMyRequestResponse): string[] {
  return [...setCookies(res).keys()].filter((name) => !name.endsWith(DEVICE_COOKIE));
}

/** The cookies a client holds, apart from its device cookie. */
export function sessionCookiesHeld(client: TestClient): string[] {
  return [...client.cookies.keys()].filter((name) => !name.endsWith(DEVICE_COOKIE));
}
