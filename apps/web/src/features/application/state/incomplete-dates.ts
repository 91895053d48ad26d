import { INCOMPLETE_DATE, type Answers, type ProfileResponse } from '@admissions/domain';

/**
 * The date questions this tab last saved as a partial or impossible date
 * (INCOMPLETE_DATE), for one applicant. The server stores '' for those (SPEC
 * section 5), so after a reload the profile alone would make the field read
 * as unanswered and show the required message instead of 'A valid date of
 * birth is required.' Kept in sessionStorage: a reload keeps it, closing the
 * tab ends it (docs/decisions/037-invalid-date-after-reload.md).
 */
const STORAGE_KEY = 'admissions.incomplete-dates';

interface Remembered {
  username: string;
  keys: string[];
}

function read(username: string): string[] {
  try {
    const stored = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? 'null') as Remembered | null;
    return stored?.username === username && Array.isArray(stored.keys) ? stored.keys : [];
  } catch {
    return [];
  }
}

function write(username: string, keys: string[]): void {
  try {
    if (keys.length === 0) sessionStorage.removeItem(STORAGE_KEY);
    else sessionStorage.setItem(STORAGE_KEY, JSON.stringify({ username, keys } satisfies Remembered));
  } catch {
    // Storage refused (private mode, quota): the field then reads as unanswered after a reload, as before.
  }
}

/** After a save of `sent`: a key saved as INCOMPLETE_DATE is remembered, any other value of it forgets it. */
export function rememberIncompleteDates(username: string, sent: Answers): void {
  const before = read(username);
  const keys = new Set(before);
  for (const [key, value] of Object.entries(sent)) {
    if (value === INCOMPLETE_DATE) keys.add(key);
    else keys.delete(key);
  }
  if (keys.size !== before.length || before.some((key) => !keys.has(key))) write(username, [...keys]);
}

/**
 * The server's profile with the answers as this tab last saved them: a
 * remembered key the server holds as '' reads INCOMPLETE_DATE again. A key
 * the server holds a date for (saved elsewhere since) is left as it is.
 */
export function withIncompleteDates<P extends Pick<ProfileResponse, 'username' | 'answer'>>(profile: P): P {
  const keys = read(profile.username).filter((key) => (profile.answer[key] ?? '') === '');
  if (keys.length === 0) return profile;
  return {
    ...profile,
    answer: { ...profile.answer, ...Object.fromEntries(keys.map((key) => [key, INCOMPLETE_DATE])) },
  };
}
