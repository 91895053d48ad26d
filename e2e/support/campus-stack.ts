/**
 * The campus stack (issue 44): staff sign in with a password and a second factor (STAFF_MFA=required), or with the
 * campus account through a local OpenID provider (STAFF_AUTH=both). Its people, and its own clock's control
 * (E2E_CAMPUS_CLOCK_PORT, as support/server-clock.ts is the first stack's).
 */

/** The provider's label on /login: "Staff: sign in with Northfield account". */
export const CAMPUS_SSO_LABEL = 'Northfield account';

/** A reviewer the campus provider knows: they type `login` on its sign-in page (any password). */
export const CAMPUS_REVIEWER = {
  login: 'rfranklin',
  email: 'rosalind.franklin@northfield.test',
  name: 'Rosalind Franklin',
} as const;

function controlUrl(path: string): string {
  const port = process.env.E2E_CAMPUS_CLOCK_PORT;
  if (!port) throw new Error('E2E_CAMPUS_CLOCK_PORT must be set by playwright.config.ts');
  return `http://127.0.0.1:${port}${path}`;
}

/** The campus server's time now. */
export async function campusNow(): Promise<Date> {
  const res = await fetch(controlUrl('/now'));
  if (!res.ok) throw new Error(`the campus clock control answered ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now);
}

/** Moves the campus server's time forward. */
export async function advanceCampusClock(ms: number): Promise<Date> {
  const res = await fetch(controlUrl(`/advance?ms=${ms}`), { method: 'POST' });
  if (!res.ok) throw new Error(`the campus clock control answered ${res.status}: ${await res.text()}`);
  return new Date(((await res.json()) as { now: string }).now);
}
