/**
 * The floor under GET /api/profile in bench/lighthouse.bench.ts: a bare
 * node:http server, no framework, that answers each request with one
 * primary-key SELECT over a pg pool the size of the product's. No session
 * check, no cookies, no headers beyond Node's own: the least any HTTP server
 * could do for the same row. Run in a process of its own, as the product is.
 *
 *   PORT, DATABASE_URL, POOL_SIZE; GET /?id=<user id>
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_SIZE ?? 20) });

createServer((req, res) => {
  const id = new URL(req.url ?? '/', 'http://localhost').searchParams.get('id');
  pool.query('SELECT id, email, confirmed_at FROM users WHERE id = $1', [id]).then(
    ({ rows }) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(rows[0] ?? null));
    },
    () => {
      res.statusCode = 500;
      res.end();
    },
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
