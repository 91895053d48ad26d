/**
 * Where a logout goes instead of GET /api/logout: a staff session signed in through the campus OpenID provider
 * ends there too (issue 44, /auth/staff/oidc/logout). The console registers the question while it is shown, so
 * shared/session depends on no feature; null, or no question, is the usual logout.
 */
type FindSignOutPage = () => Promise<string | null>;

let find: FindSignOutPage | undefined;

/** Registers `fn`; returns the function that unregisters it (fit as an effect's clean-up). */
export function registerSignOutPage(fn: FindSignOutPage): () => void {
  find = fn;
  return () => {
    if (find === fn) find = undefined;
  };
}

/** The page to leave for, or null for the usual logout; a failure to find out is the usual logout too. */
export async function signOutPage(): Promise<string | null> {
  try {
    return (await find?.()) ?? null;
  } catch {
    return null;
  }
}
