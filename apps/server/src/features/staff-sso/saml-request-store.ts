import type { CacheItem, CacheProvider } from '@node-saml/node-saml';
import type { AppDeps } from '../../app-deps';

/** How long the IdP has to answer an AuthnRequest: a person signing in, perhaps with their own second factor. */
export const SAML_REQUEST_TTL_MS = 10 * 60_000;

/** The database failed under node-saml: the route answers it as the outage it is, not as a refused sign-in. */
export class SamlRequestStoreError extends Error {
  override name = 'SamlRequestStoreError';
}

/**
 * node-saml's cache of the AuthnRequest ids it sent (checked against the answer's InResponseTo), kept in
 * staff_sso_requests (kind 'saml') so that whichever process receives the IdP's POST knows the request. node-saml
 * stores the request's IssueInstant as the value; the row's created_at is the app's clock, by which a request
 * expires here (node-saml checks the value against the real clock as well). A request answered is removed by
 * node-saml, so it is used once. Each save clears the expired rows, so the table stays small with no job.
 */
export function samlRequestStore(deps: Pick<AppDeps, 'db' | 'clock'>, ttlMs = SAML_REQUEST_TTL_MS): CacheProvider {
  const since = () => new Date(deps.clock.now().getTime() - ttlMs);
  return {
    async saveAsync(key: string, value: string): Promise<CacheItem | null> {
      const now = deps.clock.now();
      await guarded(async () => {
        await deps.db.query(`DELETE FROM staff_sso_requests WHERE kind = 'saml' AND created_at <= $1`, [since()]);
        await deps.db.query(
          `INSERT INTO staff_sso_requests (id, kind, value, created_at) VALUES ($1, 'saml', $2, $3)
           ON CONFLICT (id) DO NOTHING`,
          [key, value, now],
        );
      });
      return { value, createdAt: now.getTime() };
    },
    async getAsync(key: string): Promise<string | null> {
      const { rows } = await guarded(() =>
        deps.db.query<{ value: string }>(
          `SELECT value FROM staff_sso_requests WHERE id = $1 AND kind = 'saml' AND created_at > $2`,
          [key, since()],
        ),
      );
      return rows[0]?.value ?? null;
    },
    async removeAsync(key: string | null): Promise<string | null> {
      if (!key) return null;
      const { rows } = await guarded(() =>
        deps.db.query<{ value: string }>(
          `DELETE FROM staff_sso_requests WHERE id = $1 AND kind = 'saml' RETURNING value`,
          [key],
        ),
      );
      return rows[0]?.value ?? null;
    },
  };
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw new SamlRequestStoreError('the SAML request store failed', { cause: err });
  }
}
