/**
 * Signed webhooks (issue 45): BENCH_EVENTS (10,000) deliveries to a loopback receiver through the product's delivery
 * worker, against a bare loop that posts the same signed bodies with `undici` to the same receiver at the same
 * concurrency, in the same run.
 *
 * The receiver: a bare node:http server in a process of its own, answering 200 "ok" to every POST and keeping each
 * delivery's webhook-id in the order they came (and the first one's headers and body, whose signature the run
 * checks with the package's own `verify`). The product: the whole app's deps in this process (createDeps, as
 * serve.ts builds them) on a scratch PostgreSQL database, one endpoint made through POST /api/staff/webhooks by an
 * administrator (subscribed to decision.released and offer.responded, WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_PRIVATE
 * on, as the tests run), and each round's events recorded beforehand, untimed, by the product's own writer
 * (recordIntegrationEvents, a release's batch of 1,000 a transaction): BENCH_EVENTS / 2 applications each released
 * then answered, so the worker's order per application is at work. What is timed is the worker's pass
 * (`deliverNow`, what each tick of the job runs: the endpoint's stream leased, read ahead past its cursor a few
 * hundred at a time, up to 50 POSTs in flight at all times, one of an application at a time, the run of done
 * deliveries from the cursor recorded together, one statement at a time; then the retry schedule, empty here;
 * decision 071), from the moment it starts to its end. The job queue's tick (every 5 s) is not in the time: it
 * decides when a pass starts, not how fast it delivers.
 *
 * The bare loop: the same bodies (the round's events, as the worker sends them) to the same receiver, signed just
 * before each POST with `standardwebhooks` (one Webhook of the same secret), posted with undici's `request` through
 * an Agent as the product's, CONCURRENCY at once (the worker's batch), each next one as one ends; no database.
 * A third side, the floor of any worker that records each try before it moves on: the bare loop plus one INSERT of
 * the try (autocommit, the product's driver, a pool of the app's size) after each POST. A fourth, the floor of the
 * worker's own shape with its records batched: CONCURRENCY posts at once, then one INSERT of their tries, then the
 * next CONCURRENCY. A fifth, the durable floor: the least any worker does that keeps its deliveries in the database
 * and sends each at least once whatever dies when: the batched floor's shape, each batch claimed from a queue table
 * (a transaction: SELECT … FOR UPDATE SKIP LOCKED of CONCURRENCY pending rows, their POSTs, one INSERT of their
 * tries, one UPDATE marking them done, COMMIT; a process that dies mid-batch leaves its rows locked no longer, to be
 * sent again), with no order per application, no endpoint and no retry schedule. A sixth, the same in LANES lanes at
 * once, each claiming half a window, with at most CONCURRENCY POSTs in flight in all: one lane posts while another
 * claims or records, as a worker that overlaps its database work with its sends would. A seventh, the stream floor:
 * the least a durable worker does whose only write a delivery is its try, the deliveries read in order past a cursor
 * (one statement renewing the worker's lease on the cursor's row and reading the next CONCURRENCY, their POSTs, one
 * statement inserting their tries and moving the cursor past them). An eighth, the same overlapped in the worker's own
 * shape: the stream read ahead, CONCURRENCY POSTs in flight at all times, the ended tries recorded together.
 *
 * BENCH_ROUNDS (8) rounds after a warm-up of each side (BENCH_WARMUP events). In each round the worker and the bare
 * loop run one right after the other, each first in every other round, then the floors, each first among them in
 * turn (BENCH_FLOORS=0 leaves them out). After each product round the run checks that every event was delivered exactly once (the receiver got
 * each webhook-id once and nothing else, the release before the response of each application, every delivery
 * sent from its stream at its first try: still queued, with one attempt row, a 200), and after the other sides' that
 * the receiver got each body once; any difference is printed and the run fails. Prints each round's throughput, the
 * ratios, the medians, where the worker's time goes, the CPU a delivery costs each side in this process, in the
 * database's backends and in the receiver, then the GOALS (issue 45: at least 0.7 of the bare loop's throughput).
 *
 *   npm run bench:webhooks     (uses TEST_DATABASE_URL or the local server)
 *   BENCH_EVENTS (10000), BENCH_ROUNDS (8), BENCH_WARMUP (1000), BENCH_CONCURRENCY (50, the worker's window),
 *   BENCH_FLOORS (1; 0: the worker and the bare loop alone)
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { pino } from 'pino';
import { Webhook } from 'standardwebhooks';
import { Agent, request } from 'undici';
import { SESSION_COOKIE, type CreatedWebhookEndpoint } from '@admissions/domain';
import { recordIntegrationEvents, type IntegrationEvent } from '../apps/server/src/core/integration-events';
import { deliverNow, webhookBody, type BodySource } from '../apps/server/src/features/webhooks';
import type { Db } from '../apps/server/src/infra/db/db';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startSession } from '../apps/server/src/session/session-store';
import { scratchConfig, startScratchApp } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 8);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 1000);
/** The worker's window (delivery-pass.ts WINDOW): POSTs it keeps in flight. */
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
/** BENCH_FLOORS=0 runs the worker and the bare loop alone: the goal's two sides, without the floors that explain it. */
const FLOORS = process.env.BENCH_FLOORS !== '0';
/** The durable floor's lanes when pipelined: each claims half a window, so one posts while another writes. */
const LANES = 4;
/** Issue 45: the product's deliveries at least this share of the bare loop's throughput. */
const GOAL = 0.7;
const ADMIN = 'bench.admin@college.test';
/** Events recorded a transaction, as a release's batch records them. */
const RECORD_BATCH = 1000;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
/** Runs at most `max` of the functions it is given at once; the others wait their turn, first come first served. */
function limiter(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async <T>(fn: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    else running++;
    try {
      return await fn();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/**
 * The receiver, in a process of its own: 200 "ok" to every request; the webhook-ids in arrival order and the first
 * delivery's signature headers and body are handed over (and forgotten) when the run asks ("take").
 */
const RECEIVER = `
const http = require('node:http');
let ids = [];
let first = null;
let connections = 0;
const server = http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const id = req.headers['webhook-id'] || '';
    ids.push(id);
    if (!first) first = { headers: { 'webhook-id': id, 'webhook-timestamp': req.headers['webhook-timestamp'] || '',
      'webhook-signature': req.headers['webhook-signature'] || '' }, body: Buffer.concat(chunks).toString('utf8') };
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.on('connection', () => connections++);
server.listen(0, '127.0.0.1', () => process.send({ port: server.address().port }));
process.on('message', (m) => {
  if (m === 'take') { process.send({ ids, first, connections }); ids = []; first = null; connections = 0; }
  if (m === 'stop') server.close(() => process.exit(0));
});`;

/** A process's CPU time in ms (user and system) as /proc says (Linux, 100 ticks a second); 0 once it is gone. */
function processCpuMs(pid: number | undefined): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

interface Taken {
  ids: string[];
  /** Connections the receiver accepted since the last take. */
  connections: number;
  first: { headers: Record<string, string>; body: string } | null;
}

function startReceiver() {
  const child = spawn(process.execPath, ['-e', RECEIVER], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const port = new Promise<number>((resolve, reject) => {
    child.once('message', (m) => resolve((m as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`the receiver exited (${code})`)));
  });
  const take = () =>
    new Promise<Taken>((resolve) => {
      child.once('message', (m) => resolve(m as Taken));
      child.send('take');
    });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.send('stop');
    await exited;
  };
  return { child, port, take, stop };
}

/** One round's events as recorded: their webhook-ids, their application and type, in recording order. */
interface RoundEvents {
  ids: string[];
  byId: Map<string, { application: string; type: string }>;
  /** The bodies as the worker sends them, for the bare loop. */
  bodies: { id: string; body: string }[];
}

/**
 * `count` events recorded by the product's writer, a release's batch a transaction: count / 2 applications, each
 * `decision.released` (recorded first, for all of them) then `offer.responded`, as a release and its answers come.
 */
async function recordEvents(db: Db, count: number): Promise<RoundEvents> {
  const applications = Array.from({ length: Math.ceil(count / 2) }, () => randomUUID());
  const events: IntegrationEvent[] = [
    ...applications.map((applicationId) => ({
      type: 'decision.released' as const,
      applicationId,
      data: { decision: 'admit' },
    })),
    ...applications.map((applicationId) => ({
      type: 'offer.responded' as const,
      applicationId,
      data: { response: 'accept' },
    })),
  ].slice(0, count);
  const before = await db.query<{ id: string }>('SELECT coalesce(max(id), 0)::text AS id FROM integration_events');
  for (let i = 0; i < events.length; i += RECORD_BATCH) {
    const batch = events.slice(i, i + RECORD_BATCH);
    await db.transaction((tx) => recordIntegrationEvents(tx, batch, new Date()));
  }
  const { rows } = await db.query<BodySource & { event_id: string; application_id: string }>(
    `SELECT event_id, application_id, type, data::text AS data, date_part('epoch', created_at) AS created_s
     FROM integration_events WHERE id > $1 ORDER BY id`,
    [before.rows[0]!.id],
  );
  if (rows.length !== count) throw new Error(`recorded ${rows.length} events, not ${count}`);
  return {
    ids: rows.map((r) => r.event_id),
    byId: new Map(rows.map((r) => [r.event_id, { application: r.application_id, type: r.type }])),
    // The body the worker sends (webhook-body.ts): type, the event's time, its data.
    bodies: rows.map((r) => ({ id: r.event_id, body: webhookBody(r) })),
  };
}

/**
 * What the receiver got against what was sent: each id once and nothing else; with `byId`, each application's
 * release before its response. Returns the differences.
 */
function exactlyOnce(got: string[], expected: RoundEvents, inOrder: boolean): string[] {
  const problems: string[] = [];
  const seen = new Map<string, number>();
  let foreign = 0;
  for (const id of got) {
    if (!expected.byId.has(id)) foreign++;
    seen.set(id, (seen.get(id) ?? 0) + 1);
  }
  const missing = expected.ids.filter((id) => !seen.has(id)).length;
  const twice = [...seen.values()].filter((n) => n > 1).length;
  if (got.length !== expected.ids.length) problems.push(`the receiver got ${got.length}, not ${expected.ids.length}`);
  if (missing) problems.push(`${missing} events never delivered`);
  if (twice) problems.push(`${twice} events delivered more than once`);
  if (foreign) problems.push(`${foreign} deliveries of no event of the round`);
  if (inOrder) {
    const released = new Set<string>();
    let outOfOrder = 0;
    for (const id of got) {
      const event = expected.byId.get(id);
      if (!event) continue;
      if (event.type === 'decision.released') released.add(event.application);
      else if (!released.has(event.application)) outOfOrder++;
    }
    if (outOfOrder) problems.push(`${outOfOrder} responses delivered before their release`);
  }
  return problems;
}

/** The first delivery the receiver got, verified with the package's own `verify` under the endpoint's secret. */
function signatureOk(secret: string, first: Taken['first']): boolean {
  if (!first) return false;
  try {
    new Webhook(secret).verify(first.body, first.headers);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wraps the worker's db.query and db.transaction to add up, while `on` (the timed passes only), the time of its
 * takes of the due deliveries, of its reads of them (when apart from the take) and of its records of tries, each a
 * statement or a transaction, known by the statements it runs.
 */
function traceWorker(db: Db) {
  const trace = { on: false, take: 0, takes: 0, read: 0, reads: 0, record: 0, records: 0 };
  const kindOf = (text: string): 'take' | 'read' | 'record' | undefined =>
    text.includes('webhook_take_due')
      ? 'take'
      : text.includes('JOIN integration_events ev')
        ? 'read'
        : text.includes('INSERT INTO webhook_attempts')
          ? 'record'
          : undefined;
  const note = (kind: 'take' | 'read' | 'record' | undefined, spent: number) => {
    if (kind === 'take') {
      trace.take += spent;
      trace.takes++;
    } else if (kind === 'read') {
      trace.read += spent;
      trace.reads++;
    } else if (kind === 'record') {
      trace.record += spent;
      trace.records++;
    }
  };
  const query = db.query.bind(db);
  db.query = (async (text: string, ...rest: unknown[]) => {
    const s = performance.now();
    try {
      return await (query as (t: string, ...r: unknown[]) => Promise<unknown>)(text, ...rest);
    } finally {
      if (trace.on) note(kindOf(text), performance.now() - s);
    }
  }) as Db['query'];
  const transaction = db.transaction.bind(db);
  db.transaction = ((fn, options) => {
    if (!trace.on) return transaction(fn, options);
    const s = performance.now();
    let kind: ReturnType<typeof kindOf>;
    return transaction(
      (tx) =>
        fn({
          ...tx,
          query: ((text: string, ...rest: unknown[]) => {
            kind ??= kindOf(text);
            return (tx.query as (t: string, ...r: unknown[]) => Promise<unknown>)(text, ...rest);
          }) as typeof tx.query,
        }),
      options,
    ).finally(() => note(kind, performance.now() - s));
  }) as Db['transaction'];
  return trace;
}

const scratch = await scratchDatabase('webhooks');
const receiver = startReceiver();
const logger = pino({ level: 'warn' });
const opened: { app?: Awaited<ReturnType<typeof startScratchApp>>; agent?: Agent; floorDb?: Db } = {};

try {
  console.log(`webhooks bench: ${new Date().toISOString()}, load ${load()}`);
  const receiverUrl = `http://127.0.0.1:${await receiver.port}/hooks`;
  const config = scratchConfig(scratch, {
    STAFF_EMAILS: ADMIN,
    // A loopback receiver over plain HTTP, as the tests run.
    WEBHOOK_ALLOW_HTTP: 'true',
    WEBHOOK_ALLOW_PRIVATE: 'true',
  });
  // The whole app's deps; no worker is started, so nothing but the timed pass sends (and no tick races it).
  const { deps, app } = (opened.app = await startScratchApp(config, logger));

  // --- The endpoint, made by an administrator through the console's call: its secret is shown this once.
  const { rows: admins } = await deps.db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [ADMIN],
  );
  const cookie = `${SESSION_COOKIE}=${await startSession(deps, admins[0]!.id, true)}`;
  const made = await app.inject({
    method: 'POST',
    url: '/api/staff/webhooks',
    headers: { cookie, origin: config.publicUrl.origin, 'content-type': 'application/json' },
    payload: { url: receiverUrl, events: ['decision.released', 'offer.responded'], description: 'Bench receiver' },
  });
  if (made.statusCode !== 201) throw new Error(`POST /api/staff/webhooks answered ${made.statusCode}: ${made.body}`);
  const endpoint = made.json<CreatedWebhookEndpoint>();

  // The floor's table and pool (the product's driver, a pool of the app's size).
  await deps.db.query(
    'CREATE TABLE bench_floor_tries (event_id text NOT NULL, status_code int, at timestamptz NOT NULL)',
  );
  // The durable floor's queue: the round's bodies, pending until a batch that sent them commits.
  await deps.db.query(
    `CREATE TABLE bench_floor_queue (id bigserial PRIMARY KEY, event_id text NOT NULL, body text NOT NULL,
       state text NOT NULL DEFAULT 'pending');
     CREATE INDEX bench_floor_queue_pending ON bench_floor_queue (id) WHERE state = 'pending'`,
  );
  // The stream floor's deliveries, read in order past its cursor; its one cursor row, with the lease of the worker
  // that reads on.
  await deps.db.query(
    `CREATE TABLE bench_floor_stream (seq bigserial PRIMARY KEY, event_id text NOT NULL, body text NOT NULL);
     CREATE TABLE bench_floor_cursor (id int PRIMARY KEY, sent_through bigint NOT NULL, lease_until timestamptz);
     INSERT INTO bench_floor_cursor VALUES (1, 0, NULL)`,
  );
  // A connection may take more than the app's second to open on a loaded machine: the floor's first POSTs open
  // them all at once, and a timeout there would end the run, not measure anything.
  const floorDb = (opened.floorDb = createPostgresDb({
    connectionString: scratch.url,
    max: config.dbPoolSize,
    connectTimeoutMs: 10_000,
  }));

  // --- The sides.
  const trace = traceWorker(deps.db);
  let measuring = false;
  /**
   * The CPU each side spends, measured rounds only: this process's (process.cpuUsage), the scratch database's
   * backends' and the receiver's (/proc), from just before a side's timed part to just after it. Where the machine
   * has spare cores, a side's throughput is bounded by the CPU it needs in all three.
   */
  const cpu = {
    product: { own: 0, db: 0, receiver: 0 },
    bare: { own: 0, db: 0, receiver: 0 },
    batched: { own: 0, db: 0, receiver: 0 },
    durable: { own: 0, db: 0, receiver: 0 },
    lanes: { own: 0, db: 0, receiver: 0 },
    stream: { own: 0, db: 0, receiver: 0 },
    overlapped: { own: 0, db: 0, receiver: 0 },
  };
  /** Connections the receiver accepted from each side, measured rounds (each side's agent keeps its own alive). */
  const connections = { product: 0, bare: 0, floor: 0, batched: 0, durable: 0, lanes: 0, stream: 0, overlapped: 0 };
  const cpuMeter = async (side: keyof typeof cpu) => {
    const { rows } = await deps.db.query<{ pid: number }>(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database()',
    );
    const pids = rows.map((r) => r.pid);
    const before = { own: process.cpuUsage(), db: pids.map(processCpuMs), receiver: processCpuMs(receiver.child.pid) };
    return async () => {
      const own = process.cpuUsage(before.own);
      const after = pids.map(processCpuMs);
      const receiverMs = processCpuMs(receiver.child.pid);
      // Connections opened during the side are not counted (the pools are warm by the measured rounds).
      if (!measuring) return;
      cpu[side].own += (own.user + own.system) / 1000;
      cpu[side].db += after.reduce((sum, ms, i) => sum + Math.max(0, ms - before.db[i]!), 0);
      cpu[side].receiver += receiverMs - before.receiver;
    };
  };
  const product = async (events: RoundEvents) => {
    const metered = await cpuMeter('product');
    trace.on = measuring;
    const s = performance.now();
    const tries = await deliverNow(deps, logger);
    const seconds = (performance.now() - s) / 1000;
    trace.on = false;
    await metered();
    const taken = await receiver.take();
    if (measuring) connections.product += taken.connections;
    const problems = exactlyOnce(taken.ids, events, true);
    if (tries !== events.ids.length) problems.push(`the worker made ${tries} tries, not ${events.ids.length}`);
    const { rows } = await deps.db.query<{ deliveries: number; succeeded: number; attempts: number }>(
      `SELECT count(*)::int AS deliveries,
         -- Sent from the endpoint's stream at the first try: still 'queued', with one attempt, a 2xx.
         count(*) FILTER (WHERE d.state = 'queued' AND (SELECT count(*) FROM webhook_attempts a
           WHERE a.delivery_id = d.id AND a.attempt = 1 AND a.status_code = 200) = 1)::int AS succeeded,
         (SELECT count(*) FROM webhook_attempts a JOIN webhook_deliveries x ON x.id = a.delivery_id
            JOIN integration_events e ON e.id = x.event_id WHERE e.event_id = ANY ($1::text[]))::int AS attempts
       FROM webhook_deliveries d JOIN integration_events e ON e.id = d.event_id WHERE e.event_id = ANY ($1::text[])`,
      [events.ids],
    );
    const r = rows[0]!;
    const n = events.ids.length;
    if (r.deliveries !== n) problems.push(`${r.deliveries} delivery rows, not ${n}`);
    if (r.succeeded !== n) problems.push(`${r.succeeded} deliveries succeeded on their first try, not ${n}`);
    if (r.attempts !== n) problems.push(`${r.attempts} attempt rows, not ${n}`);
    if (!signatureOk(endpoint.secret, taken.first)) problems.push('a signature the package does not verify');
    return { seconds, problems };
  };

  const agent = (opened.agent = new Agent());
  const signer = new Webhook(endpoint.secret);
  /** POSTs one signed body as the bare loop does; its status. */
  const post = async ({ id, body }: { id: string; body: string }) => {
    const timestamp = new Date();
    const res = await request(receiverUrl, {
      method: 'POST',
      dispatcher: agent,
      headers: {
        'content-type': 'application/json',
        'webhook-id': id,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signer.sign(id, timestamp, body),
      },
      body,
    });
    await res.body.text();
    return res.statusCode;
  };

  /** The bare loop; with `floorDb`, the floor: each try also recorded, one INSERT of its own (autocommit). */
  const bare = async (events: RoundEvents, floorDb?: Db) => {
    let next = 0;
    let refused = 0;
    const metered = floorDb ? undefined : await cpuMeter('bare');
    const s = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < events.bodies.length) {
          const { id, body } = events.bodies[next++]!;
          const status = await post({ id, body });
          if (status !== 200) refused++;
          if (floorDb)
            await floorDb.query('INSERT INTO bench_floor_tries (event_id, status_code, at) VALUES ($1, $2, $3)', [
              id,
              status,
              new Date(),
            ]);
        }
      }),
    );
    const seconds = (performance.now() - s) / 1000;
    await metered?.();
    const taken = await receiver.take();
    if (measuring) connections[floorDb ? 'floor' : 'bare'] += taken.connections;
    const problems = exactlyOnce(taken.ids, events, false);
    if (refused) problems.push(`${refused} answered other than 200`);
    if (!signatureOk(endpoint.secret, taken.first)) problems.push('a signature the package does not verify');
    return { seconds, problems };
  };

  /**
   * The floor of the worker's own shape with its records batched: CONCURRENCY posts at once, then one INSERT of
   * their tries (one commit for the batch), then the next batch. What the worker would cost at least if it recorded
   * a batch's tries in one transaction (its take of the due deliveries left out).
   */
  const batched = async (events: RoundEvents) => {
    let refused = 0;
    const metered = await cpuMeter('batched');
    const s = performance.now();
    for (let i = 0; i < events.bodies.length; i += CONCURRENCY) {
      const batch = events.bodies.slice(i, i + CONCURRENCY);
      const statuses = await Promise.all(batch.map(post));
      refused += statuses.filter((code) => code !== 200).length;
      await floorDb.query(
        `INSERT INTO bench_floor_tries (event_id, status_code, at)
         SELECT id, status, $3 FROM unnest($1::text[], $2::int[]) AS t (id, status)`,
        [batch.map((b) => b.id), statuses, new Date()],
      );
    }
    const seconds = (performance.now() - s) / 1000;
    await metered();
    const taken = await receiver.take();
    if (measuring) connections.batched += taken.connections;
    const problems = exactlyOnce(taken.ids, events, false);
    if (refused) problems.push(`${refused} answered other than 200`);
    return { seconds, problems };
  };

  /**
   * The durable floor: the round's bodies queued first (untimed, as the product's events are), then batch after
   * batch claimed, posted, recorded and marked done in one transaction, until a claim finds none.
   */
  const durable = async (events: RoundEvents, lanes = 1) => {
    const side = lanes === 1 ? 'durable' : 'lanes';
    let refused = 0;
    await floorDb.query('INSERT INTO bench_floor_queue (event_id, body) SELECT * FROM unnest($1::text[], $2::text[])', [
      events.bodies.map((b) => b.id),
      events.bodies.map((b) => b.body),
    ]);
    await floorDb.query('ANALYZE bench_floor_queue');
    // With several lanes, each claims its share of a window and at most CONCURRENCY POSTs are in flight in all.
    const batch = lanes === 1 ? CONCURRENCY : Math.ceil(CONCURRENCY / 2);
    const slots = limiter(CONCURRENCY);
    const metered = await cpuMeter(side);
    const s = performance.now();
    const lane = async () => {
      for (let claimed = -1; claimed !== 0;) {
        claimed = await floorDb.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: string; event_id: string; body: string }>(
            `SELECT id, event_id, body FROM bench_floor_queue WHERE state = 'pending'
             ORDER BY id LIMIT ${batch} FOR UPDATE SKIP LOCKED`,
          );
          if (rows.length === 0) return 0;
          const statuses = await Promise.all(rows.map((r) => slots(() => post({ id: r.event_id, body: r.body }))));
          refused += statuses.filter((code) => code !== 200).length;
          await tx.query(
            `WITH tried AS (INSERT INTO bench_floor_tries (event_id, status_code, at)
               SELECT id, status, $3 FROM unnest($1::text[], $2::int[]) AS t (id, status))
             UPDATE bench_floor_queue SET state = 'done' WHERE id = ANY ($4::bigint[])`,
            [rows.map((r) => r.event_id), statuses, new Date(), rows.map((r) => r.id)],
          );
          return rows.length;
        });
      }
    };
    await Promise.all(Array.from({ length: lanes }, lane));
    const seconds = (performance.now() - s) / 1000;
    await metered();
    const taken = await receiver.take();
    if (measuring) connections[side] += taken.connections;
    const problems = exactlyOnce(taken.ids, events, false);
    if (refused) problems.push(`${refused} answered other than 200`);
    return { seconds, problems };
  };

  /** The round's bodies appended to the stream floors' stream, untimed (as the product's events are recorded). */
  const appendToStream = (events: RoundEvents) =>
    floorDb.query('INSERT INTO bench_floor_stream (event_id, body) SELECT * FROM unnest($1::text[], $2::text[])', [
      events.bodies.map((b) => b.id),
      events.bodies.map((b) => b.body),
    ]);

  /**
   * The stream floor: the least a durable worker does whose only write a delivery is its try. The round's bodies
   * appended to a stream first (untimed, as the product's events are), then batch after batch: one statement that
   * renews the worker's lease on the stream's one cursor row and reads the next CONCURRENCY past the cursor, their
   * POSTs, one statement that INSERTs their tries and moves the cursor past them. A worker that dies mid-batch has
   * not moved the cursor: the next sends the batch again (at least once). Nothing a delivery is written but its try.
   */
  const stream = async (events: RoundEvents) => {
    let refused = 0;
    await appendToStream(events);
    const metered = await cpuMeter('stream');
    const s = performance.now();
    for (;;) {
      const now = new Date();
      const { rows } = await floorDb.query<{ seq: string; event_id: string; body: string }>(
        `WITH c AS (UPDATE bench_floor_cursor SET lease_until = $1
           WHERE id = 1 AND (lease_until IS NULL OR lease_until <= $2) RETURNING sent_through)
         SELECT s.seq, s.event_id, s.body FROM bench_floor_stream s WHERE s.seq > (SELECT sent_through FROM c)
         ORDER BY s.seq LIMIT ${CONCURRENCY}`,
        [new Date(now.getTime() + 30_000), now],
      );
      if (rows.length === 0) {
        // The pass ends: its lease is given up, as the worker's would be.
        await floorDb.query('UPDATE bench_floor_cursor SET lease_until = NULL WHERE id = 1');
        break;
      }
      const statuses = await Promise.all(rows.map((r) => post({ id: r.event_id, body: r.body })));
      refused += statuses.filter((code) => code !== 200).length;
      await floorDb.query(
        `WITH tried AS (INSERT INTO bench_floor_tries (event_id, status_code, at)
           SELECT id, status, $3 FROM unnest($1::text[], $2::int[]) AS t (id, status))
         UPDATE bench_floor_cursor SET sent_through = $4, lease_until = NULL WHERE id = 1`,
        [rows.map((r) => r.event_id), statuses, new Date(), rows.at(-1)!.seq],
      );
    }
    const seconds = (performance.now() - s) / 1000;
    await metered();
    const taken = await receiver.take();
    if (measuring) connections.stream += taken.connections;
    const problems = exactlyOnce(taken.ids, events, false);
    if (refused) problems.push(`${refused} answered other than 200`);
    return { seconds, problems };
  };

  /**
   * The stream floor overlapped, in the product worker's own shape: its lease taken once for the pass, the stream read
   * ahead (the next READ_AHEAD past what was read, a plain read, while fewer than that wait), CONCURRENCY POSTs in
   * flight at all times, and the tries that ended recorded together, one statement at a time: their INSERT, the
   * cursor moved past the longest run of ended deliveries from where it stood, the lease renewed. What a stream worker
   * could cost at least; still no order per application beyond the stream's, no retry, no care for late commits.
   */
  const overlapped = async (events: RoundEvents) => {
    const READ_AHEAD = 200;
    let refused = 0;
    await appendToStream(events);
    const metered = await cpuMeter('overlapped');
    const s = performance.now();
    const leaseUntil = () => new Date(Date.now() + 30_000);
    const { rows: leased } = await floorDb.query<{ through: string }>(
      `UPDATE bench_floor_cursor SET lease_until = $1 WHERE id = 1 AND (lease_until IS NULL OR lease_until <= $2)
       RETURNING sent_through AS through`,
      [leaseUntil(), new Date()],
    );
    if (!leased[0]) throw new Error('the stream floor found its lease held');
    let readThrough = Number(leased[0].through);
    await new Promise<void>((resolve, reject) => {
      const ready: { seq: number; id: string; body: string }[] = [];
      /** What was read, in the stream's order, and which of it has ended: the cursor moves past the first run. */
      const order: number[] = [];
      const ended = new Set<number>();
      let tries: { id: string; status: number }[] = [];
      let inFlight = 0;
      let reading = false;
      let recording = false;
      let exhausted = false;
      let failed = false;
      const fail = (error: unknown) => {
        failed = true;
        reject(error);
      };
      const read = async () => {
        reading = true;
        const { rows } = await floorDb.query<{ seq: string; event_id: string; body: string }>(
          `SELECT seq, event_id, body FROM bench_floor_stream WHERE seq > $1 ORDER BY seq LIMIT ${READ_AHEAD}`,
          [readThrough],
        );
        for (const r of rows) {
          const seq = Number(r.seq);
          ready.push({ seq, id: r.event_id, body: r.body });
          order.push(seq);
          readThrough = seq;
        }
        if (rows.length < READ_AHEAD) exhausted = true;
        reading = false;
        step();
      };
      const send = async (d: { seq: number; id: string; body: string }) => {
        const status = await post(d);
        if (status !== 200) refused++;
        ended.add(d.seq);
        tries.push({ id: d.id, status });
        inFlight--;
        step();
      };
      const record = async () => {
        recording = true;
        const batch = tries;
        tries = [];
        let through = 0;
        while (order.length > 0 && ended.has(order[0]!)) {
          through = order.shift()!;
          ended.delete(through);
        }
        await floorDb.query(
          `WITH tried AS (INSERT INTO bench_floor_tries (event_id, status_code, at)
             SELECT id, status, $3 FROM unnest($1::text[], $2::int[]) AS t (id, status))
           UPDATE bench_floor_cursor SET sent_through = GREATEST(sent_through, $4), lease_until = $5 WHERE id = 1`,
          [batch.map((t) => t.id), batch.map((t) => t.status), new Date(), through, leaseUntil()],
        );
        recording = false;
        step();
      };
      function step() {
        if (failed) return;
        while (inFlight < CONCURRENCY && ready.length > 0) {
          inFlight++;
          send(ready.shift()!).catch(fail);
        }
        if (!reading && !exhausted && ready.length < READ_AHEAD) read().catch(fail);
        if (!recording && tries.length > 0 && (tries.length >= CONCURRENCY || inFlight === 0)) record().catch(fail);
        if (exhausted && !reading && ready.length === 0 && inFlight === 0 && !recording && tries.length === 0)
          resolve();
      }
      step();
    });
    // The pass ends: its lease is given up.
    await floorDb.query('UPDATE bench_floor_cursor SET lease_until = NULL WHERE id = 1');
    const seconds = (performance.now() - s) / 1000;
    await metered();
    const taken = await receiver.take();
    if (measuring) connections.overlapped += taken.connections;
    const problems = exactlyOnce(taken.ids, events, false);
    if (refused) problems.push(`${refused} answered other than 200`);
    return { seconds, problems };
  };

  // --- Warm-up of each side (JIT, connections, the statements' plans), checked but not counted.
  const warm = await recordEvents(deps.db, WARMUP);
  const warmUps = [
    ['product', product],
    ['bare', bare],
    ['floor', (e: RoundEvents) => bare(e, floorDb)],
    ['batched', batched],
    ['durable', (e: RoundEvents) => durable(e)],
    ['lanes', (e: RoundEvents) => durable(e, LANES)],
    ['stream', stream],
    ['overlapped', overlapped],
  ] as const;
  for (const [side, run] of FLOORS ? warmUps : warmUps.slice(0, 2)) {
    const w = await run(warm);
    if (w.problems.length) throw new Error(`warm-up, ${side}: ${w.problems.join('; ')}`);
  }
  await deps.db.query('VACUUM ANALYZE webhook_deliveries');
  await deps.db.query('VACUUM ANALYZE integration_events');

  type Side = 'product' | 'bare' | 'floor' | 'batched' | 'durable' | 'lanes' | 'stream' | 'overlapped';
  type Round = Record<Side, number> & { order: Side[]; problems: string[] };
  const rounds: Round[] = [];
  measuring = true;
  for (let r = 0; r < ROUNDS; r++) {
    const events = await recordEvents(deps.db, EVENTS);
    await deps.db.query('ANALYZE webhook_deliveries');
    // The goal's two sides run one right after the other, each first in every other round, so that the ratio compares
    // them under the same conditions (a floor's writes, and the vacuum they bring on, run before or after the pair,
    // never between); then the floors, taking turns to go first.
    const pair: Side[] = r % 2 === 0 ? ['product', 'bare'] : ['bare', 'product'];
    const floors: Side[] = FLOORS ? ['floor', 'batched', 'durable', 'lanes', 'stream', 'overlapped'] : [];
    const order = [...pair, ...floors.map((_, i) => floors[(i + r) % floors.length]!)];
    const round = { order, problems: [] as string[] } as unknown as Round;
    const run: Record<Side, () => Promise<{ seconds: number; problems: string[] }>> = {
      product: () => product(events),
      bare: () => bare(events),
      floor: () => bare(events, floorDb),
      batched: () => batched(events),
      durable: () => durable(events),
      lanes: () => durable(events, LANES),
      stream: () => stream(events),
      overlapped: () => overlapped(events),
    };
    for (const side of order) {
      const result = await run[side]();
      round[side] = result.seconds;
      round.problems.push(...result.problems.map((d) => `${side}: ${d}`));
    }
    rounds.push(round);
    const rate = (seconds: number) => `${seconds.toFixed(2)} s (${(EVENTS / seconds).toFixed(0)}/s)`;
    console.log(
      `round ${r + 1} (${order.join(', ')}): worker ${rate(round.product)}, bare loop ${rate(round.bare)}` +
        (FLOORS
          ? `, floor ${rate(round.floor)}, batched floor ${rate(round.batched)}, durable floor ${rate(round.durable)}, in ${LANES} lanes ${rate(round.lanes)}, stream floor ${rate(round.stream)}, overlapped ${rate(round.overlapped)}`
          : '') +
        `; worker/bare ${(round.bare / round.product).toFixed(2)}` +
        (FLOORS
          ? `, floor/bare ${(round.bare / round.floor).toFixed(2)}, ` +
            `batched/bare ${(round.bare / round.batched).toFixed(2)}, durable/bare ${(round.bare / round.durable).toFixed(2)}, ` +
            `in lanes/bare ${(round.bare / round.lanes).toFixed(2)}, stream/bare ${(round.bare / round.stream).toFixed(2)}, overlapped/bare ${(round.bare / round.overlapped).toFixed(2)}`
          : '') +
        '; ' +
        `${round.problems.length ? `NOT exactly once: ${round.problems.join('; ')}` : 'each event once, in order'}; load ${load()}`,
    );
  }

  const { rows: sends } = await deps.db.query<{ p50: number; p95: number }>(
    `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY duration_ms) AS p50,
       percentile_cont(0.95) WITHIN GROUP (ORDER BY duration_ms) AS p95 FROM webhook_attempts`,
  );
  const ratios = rounds.map((r) => r.bare / r.product);
  const ratio = median(ratios);
  const productSeconds = median(rounds.map((r) => r.product));
  const bareSeconds = median(rounds.map((r) => r.bare));
  const floorSeconds = median(rounds.map((r) => r.floor));
  const floorRatios = rounds.map((r) => r.bare / r.floor);
  const batchedSeconds = median(rounds.map((r) => r.batched));
  const batchedRatios = rounds.map((r) => r.bare / r.batched);
  const durableSeconds = median(rounds.map((r) => r.durable));
  const durableRatios = rounds.map((r) => r.bare / r.durable);
  const lanesSeconds = median(rounds.map((r) => r.lanes));
  const lanesRatios = rounds.map((r) => r.bare / r.lanes);
  const streamSeconds = median(rounds.map((r) => r.stream));
  const streamRatios = rounds.map((r) => r.bare / r.stream);
  const overlappedSeconds = median(rounds.map((r) => r.overlapped));
  const overlappedRatios = rounds.map((r) => r.bare / r.overlapped);
  console.log(
    `\n${EVENTS.toLocaleString('en-US')} deliveries a round (${EVENTS / 2} applications, released then answered), ` +
      `${ROUNDS} rounds a side (+ a warm-up of ${WARMUP}), ${CONCURRENCY} at once; ${cpus().length} × ` +
      `${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, load ${load()}`,
  );
  console.log(
    `median: worker ${productSeconds.toFixed(2)} s (${(EVENTS / productSeconds).toFixed(0)} deliveries/s), ` +
      `bare loop ${bareSeconds.toFixed(2)} s (${(EVENTS / bareSeconds).toFixed(0)}/s)` +
      (FLOORS ? ', ' : '') +
      (!FLOORS
        ? ''
        : `floor (bare + one INSERT a try) ${floorSeconds.toFixed(2)} s (${(EVENTS / floorSeconds).toFixed(0)}/s), ` +
          `batched floor (${CONCURRENCY} at once, one INSERT a batch) ${batchedSeconds.toFixed(2)} s (${(EVENTS / batchedSeconds).toFixed(0)}/s), ` +
          `durable floor (a batch claimed, posted, recorded and marked done in one transaction) ${durableSeconds.toFixed(2)} s (${(EVENTS / durableSeconds).toFixed(0)}/s), ` +
          `in ${LANES} lanes ${lanesSeconds.toFixed(2)} s (${(EVENTS / lanesSeconds).toFixed(0)}/s), ` +
          `stream floor (read past a cursor; only its tries written) ${streamSeconds.toFixed(2)} s (${(EVENTS / streamSeconds).toFixed(0)}/s), ` +
          `overlapped ${overlappedSeconds.toFixed(2)} s (${(EVENTS / overlappedSeconds).toFixed(0)}/s)`),
  );
  console.log(
    `throughput ratio (median of rounds): ${ratio.toFixed(2)} (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
  );
  if (FLOORS)
    console.log(
      `floor / bare: ${median(floorRatios).toFixed(2)} (rounds ${floorRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
        `batched floor / bare: ${median(batchedRatios).toFixed(2)} (rounds ${batchedRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
        `durable floor / bare: ${median(durableRatios).toFixed(2)} (rounds ${durableRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
        `durable floor in ${LANES} lanes / bare: ${median(lanesRatios).toFixed(2)} (rounds ${lanesRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
        `stream floor / bare: ${median(streamRatios).toFixed(2)} (rounds ${streamRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
        `stream floor overlapped / bare: ${median(overlappedRatios).toFixed(2)} (rounds ${overlappedRatios.map((x) => x.toFixed(2)).join(', ')}); ` +
        `worker / floor: ${median(rounds.map((r) => r.floor / r.product)).toFixed(2)}; ` +
        `worker / durable floor: ${median(rounds.map((r) => r.durable / r.product)).toFixed(2)}`,
    );
  const mean = (total: number, n: number) => (n ? `${n} × ${(total / n).toFixed(1)} ms` : 'none apart');
  console.log(
    `\nthe worker's database work, all rounds (a statement or a transaction each, its wait for a connection ` +
      `included; they may overlap the POSTs): takes of the due deliveries ${mean(trace.take, trace.takes)}, ` +
      `reads of them ${mean(trace.read, trace.reads)}, records of tries ${mean(trace.record, trace.records)}; ` +
      `each POST as the log says p50 ${sends[0]!.p50} ms, p95 ${sends[0]!.p95} ms`,
  );
  const perDelivery = (ms: number) => ((ms * 1000) / (EVENTS * ROUNDS)).toFixed(0);
  console.log(
    `CPU a delivery, measured rounds (this process / the database's backends / the receiver, µs): ` +
      (['product', 'bare', 'batched', 'durable', 'lanes', 'stream', 'overlapped'] as const)
        .filter((side) => FLOORS || side === 'product' || side === 'bare')
        .map(
          (side) =>
            `${
              {
                product: 'worker',
                bare: 'bare loop',
                batched: 'batched floor',
                durable: 'durable floor',
                lanes: `durable floor in ${LANES} lanes`,
                stream: 'stream floor',
                overlapped: 'stream floor overlapped',
              }[side]
            } ` + `${perDelivery(cpu[side].own)} / ${perDelivery(cpu[side].db)} / ${perDelivery(cpu[side].receiver)}`,
        )
        .join(', '),
  );
  console.log(
    `connections the receiver accepted, all measured rounds: worker ${connections.product}, bare loop ${connections.bare}, ` +
      `floor ${connections.floor}, batched floor ${connections.batched}, durable floor ${connections.durable}, in lanes ${connections.lanes}, stream floor ${connections.stream}, overlapped ${connections.overlapped}`,
  );
  const problems = rounds.flatMap((r, i) => r.problems.map((d) => `round ${i + 1}: ${d}`));
  console.log('\nGOALS');
  console.log(
    `  at least ${GOAL} of the bare loop's throughput: ${ratio.toFixed(2)}: ` +
      `${ratio >= GOAL ? 'met' : `NOT met (${((1 - ratio / GOAL) * 100).toFixed(0)}% under)`}`,
  );
  console.log(
    `  every event delivered exactly once, in order per application: ${problems.length ? `NOT met: ${problems.join('; ')}` : 'met'}`,
  );
  if (problems.length) process.exitCode = 1;
} finally {
  await opened.agent?.close();
  await opened.floorDb?.close();
  await opened.app?.close();
  await receiver.stop();
  await scratch.drop();
}
