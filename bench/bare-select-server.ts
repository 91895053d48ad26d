/**
 * The floors under GET /api/profile in bench/lighthouse.bench.ts: a bare
 * node:http server, no framework, over a pg pool the size of the product's.
 * No hooks, no headers beyond Node's own: the least any HTTP server could
 * do for the same work. Run in a process of its own, as the product is.
 *
 *   MODE=select (default): one primary-key SELECT per request; GET /?id=<user id>
 *   MODE=profile: the product's own session check and profile statement and
 *     its response body, from the session cookie; GET / with the cookie
 *
 *   PORT, DATABASE_URL, POOL_SIZE, MODE
 */
import { createServer, type IncomingMessage } from 'node:http';
import pg from 'pg';
import { SESSION_COOKIE } from '@admissions/domain';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { loadConfig } from '../apps/server/src/config';
import { sessionCheckFor } from '../apps/server/src/session/session-store';
import { loadProfileInSession } from '../apps/server/src/features/application/profile-repository';
import { profileResponse } from '../apps/server/src/features/application/profile-response';

const connectionString = process.env.DATABASE_URL!;
const max = Number(process.env.POOL_SIZE ?? 20);

function selectFloor(): (req: IncomingMessage) => Promise<unknown> {
  const pool = new pg.Pool({ connectionString, max });
  return async (req) => {
    const id = new URL(req.url ?? '/', 'http://localhost').searchParams.get('id');
    const { rows } = await pool.query('SELECT id, email, confirmed_at FROM users WHERE id = $1', [id]);
    return rows[0] ?? null;
  };
}

function profileFloor(): (req: IncomingMessage) => Promise<unknown> {
  const db = createPostgresDb({ connectionString, max });
  const clock = { now: () => new Date() };
  // The session rule's staff limits come from the configuration, as the product reads it (defaults here).
  const config = loadConfig({ DATABASE_URL: connectionString });
  const cookie = new RegExp(`(?:^|; )${SESSION_COOKIE}=([^;]+)`);
  return async (req) => {
    const { check, settle } = sessionCheckFor({ db, clock, config }, req.headers.cookie?.match(cookie)?.[1] ?? '');
    const row = await loadProfileInSession(db, check);
    const session = await settle(row);
    return row && session ? profileResponse(row, session, false) : null;
  };
}

const answer = process.env.MODE === 'profile' ? profileFloor() : selectFloor();

createServer((req, res) => {
  answer(req).then(
    (body) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(body));
    },
    () => {
      res.statusCode = 500;
      res.end();
    },
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
