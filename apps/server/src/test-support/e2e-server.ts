import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { ConfigError, loadConfig } from '../config';
import { runDecisionsPass } from '../features/decisions/decision-worker';
import { serve } from '../serve';
import { OffsetClock } from './offset-clock';

/**
 * The browser journeys' server (decision 053): the production server (same
 * serve(), compiled into dist/e2e-main.js beside dist/main.js) on a clock the
 * journeys can move, with a control on a port of its own (E2E_CLOCK_PORT, on
 * 127.0.0.1), never on the product's port. Only e2e/support/start-stack.ts
 * starts this entry; `npm start` never loads it (clock-control.test.ts).
 *
 *   GET  /now               → { now }            the server's time
 *   POST /advance?ms=60000  → { now, released }  moves it forward, then runs the
 *                                                 scheduled work now due (the decisions pass)
 *   POST /close-cycle?email=a@b.edu&cycle=2025-26 → { cycle }
 *                                                 that account's live application now belongs to that
 *                                                 earlier cycle, as it would after a start with the next
 *                                                 cycle's tenant file (decision 052), that cycle
 *                                                 recorded as the year before; 404 without one
 */
function readConfig() {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}
const config = readConfig();
const controlPort = Number(process.env.E2E_CLOCK_PORT);
if (!Number.isInteger(controlPort) || controlPort <= 0) throw new Error('E2E_CLOCK_PORT must name the control port');

const clock = new OffsetClock();
// The control listens from the start; a move waits until the server's work has started.
const started = serve(config, { clock });

async function control(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://control');
  const reply = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  if (req.method === 'GET' && url.pathname === '/now') return reply(200, { now: clock.now().toISOString() });
  if (req.method === 'POST' && url.pathname === '/advance') {
    const ms = Number(url.searchParams.get('ms'));
    if (!Number.isFinite(ms) || ms < 0) return reply(400, { code: 'BAD_ADVANCE', message: 'ms: a number ≥ 0' });
    clock.advance(ms);
    // The queue's cron would run this within a minute; the journey wants it done when its call returns.
    const { released } = await runDecisionsPass(await started);
    return reply(200, { now: clock.now().toISOString(), released });
  }
  if (req.method === 'POST' && url.pathname === '/close-cycle') {
    const cycle = url.searchParams.get('cycle') ?? '';
    if (!cycle || cycle === config.tenant.cycle.id)
      return reply(400, { code: 'BAD_CYCLE', message: 'cycle: one other than the open one' });
    // The server reads an application's cycle from its row at every call: nothing to restart to see it closed.
    // The earlier cycle is recorded as a start of the next tenant file finds it: it ran for the year before the
    // open one, with the open one's programs and terms (the office's reports list it among the cycles).
    const { rows } = await (
      await started
    ).db.query(
      `WITH moved AS (
         UPDATE applications SET cycle_id = $2
         WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower($1) AND application_of IS NULL)
         RETURNING user_id
       ), recorded AS (
         INSERT INTO cycle_history (cycle_id, closes_at, recorded_at, basis, opens_at)
         SELECT $2, o.opens_at, o.recorded_at, o.basis, o.opens_at - interval '1 year'
         FROM cycle_history o WHERE o.cycle_id = current_cycle_id() AND EXISTS (SELECT 1 FROM moved)
         ON CONFLICT (cycle_id) DO NOTHING
       )
       SELECT user_id FROM moved`,
      [url.searchParams.get('email') ?? '', cycle],
    );
    return rows.length === 1 ? reply(200, { cycle }) : reply(404, { code: 'NOT_FOUND' });
  }
  return reply(404, { code: 'NOT_FOUND' });
}

createServer((req, res) => {
  control(req, res).catch((err: unknown) => {
    res.writeHead(500, { 'content-type': 'text/plain' }).end(String(err));
  });
}).listen(controlPort, '127.0.0.1');
