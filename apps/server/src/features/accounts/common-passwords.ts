import { ACCOUNT_MESSAGES } from '@admissions/domain';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { AppError } from '../../http/app-error';

/**
 * Passwords found on breached and common-password lists are refused (NIST
 * SP 800-63B 5.1.1.2), after the SPEC's own rules. The list is zxcvbn-ts's
 * `passwords-common` dictionary (tens of thousands of passwords ranked by how
 * often they appear in breach dumps), matched with zxcvbn's l33t, keyboard,
 * date and suffix patterns, so `P@ssw0rd1234` and `Password123!` count as
 * the listed `password` they are. A password is refused when zxcvbn
 * estimates fewer than 10^8 guesses (its score below 3), the level at which
 * an offline attack on a leaked hash list finds it first, or when its letters
 * alone are a listed password (`Summer2023!!`, `Letmein12345!`): digits and
 * symbols added around a listed word are the first thing a cracker tries.
 */
const MIN_GUESSES = 1e8;

let lists: Promise<{ checker: ZxcvbnFactory; listed: Set<string> }> | undefined;
let loaded = false;

/**
 * The dictionaries load with the first password checked (a sign-up or reset), or when a production
 * server is ready (warmPasswordLists): building them holds the main thread for 600 ms or more, and
 * sign-ups arriving at a just-started process then saw their database connections time out (503).
 */
function loadLists() {
  return (lists ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ ZxcvbnFactory }, common]) => {
      const built = {
        checker: new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs }),
        listed: new Set((common.dictionary['passwords-common'] as unknown as string[]).map((w) => w.toLowerCase())),
      };
      loaded = true;
      return built;
    },
  ));
}

/** Builds the dictionaries now, before any applicant waits for them. */
export async function warmPasswordLists(): Promise<void> {
  await loadLists();
}

/** Whether the dictionaries are built (read by the warm-up's test). */
export function passwordListsLoaded(): boolean {
  return loaded;
}

export async function isCommonPassword(password: string, userInputs: string[] = []): Promise<boolean> {
  const { checker, listed } = await loadLists();
  const letters = password.toLowerCase().replace(/[^a-z]/g, '');
  if (letters.length >= 3 && listed.has(letters)) return true;
  return checker.check(password, userInputs).guesses < MIN_GUESSES;
}

/** A 400 on the password field, like the SPEC's rules, with a message the browser shows as it comes. */
export async function assertNotCommonPassword(password: string, email: string): Promise<void> {
  const local = email.split('@')[0] ?? '';
  if (await isCommonPassword(password, [email, local])) {
    throw new AppError('VALIDATION_FAILED', { errors: { password: [ACCOUNT_MESSAGES.passwordTooCommon] } });
  }
}
