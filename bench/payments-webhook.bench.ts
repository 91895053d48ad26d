/**
 * Webhook intake under a burst (issue 43): BENCH_EVENTS (2,000) signed `checkout.session.completed` events, one a
 * pending Checkout payment, delivered over real HTTP at BENCH_CONCURRENCY (50) at once to POST
 * /api/payments/webhook of the whole app (listening on a loopback port, in this process, on a scratch PostgreSQL
 * database, its mail worker running as serve.ts starts it, receipts sent to a counting SMTP relay), against a bare
 * Fastify server in the same process whose one route reads the raw body and verifies the same signature with the
 * same SDK call (`stripe.webhooks.constructEvent`, the tolerance and the clock the product's gateway gives it) and
 * answers 200. A third side, the floor of any intake that records an event before answering: the bare route plus
 * one INSERT of the event's id (autocommit, the product's driver, a pool of the app's size). About
 * BENCH_DUPLICATES (10%) of the events are delivered twice, shuffled among the rest (a repeat may run beside its
 * first delivery), to every side alike.
 *
 * The product's side is every step of the call: the signature, then one transaction (the event's id into
 * payment_events, the payment's row counted, the history row and the office's index row, the receipt queued).
 * Each product round has 2,000 applications of its own, seeded in SQL as the product writes them (users,
 * submitted applications with complete answers, their web statuses and submit history row, their index rows
 * through the refresher's own reindexApplications, a pending Checkout payment each as checkout.ts writes it). The
 * events are signed just before each burst (the tolerance is 300 s), not timed. The sides take turns, each first
 * in one round out of three, after a warm-up of each. A delivery the app does not answer 200 (503 when no
 * database connection came in time) is counted and sent again after the burst, untimed, as Stripe retries. After
 * each product round the run checks that every payment was counted exactly once: 2,000 paid rows, 2,000
 * payment_events, one history row each, the index says paid, one receipt job a payment and 2,000 receipts at the
 * relay; any difference is printed and the run fails.
 *
 * Prints each round's throughput (deliveries answered 200 a second), p50/p95 latency, this process's CPU a delivery
 * (the app or bare server and the load generator), the ratios, the medians, then GOALS (issue 43:
 * at least 0.7 of the bare route's throughput, every payment recorded exactly once).
 *
 *   npm run bench:payments     (uses TEST_DATABASE_URL or the local server)
 *   BENCH_EVENTS (2000) events a round; BENCH_CONCURRENCY (50) deliveries at once; BENCH_ROUNDS (4) rounds of
 *   each side; BENCH_DUPLICATES (0.1) the share of events delivered twice; BENCH_WARMUP (200) events of each side
 *   first, not counted; BENCH_TRACE=1 also prints the mean time of each statement of the app's transactions (its
 *   round trip as the app waits for it) and of the whole transaction, connection wait included.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { completeAnswers } from '@admissions/domain/testing';
import Fastify, { type FastifyInstance } from 'fastify';
import { pino } from 'pino';
import Stripe from 'stripe';
import { Pool } from 'undici';
import { createFormContext } from '../apps/server/src/core/form-context';
import { MAIL_QUEUE } from '../apps/server/src/features/mail/mail-jobs';
import { reindexApplications } from '../apps/server/src/features/staff/console-index';
import type { Db, Queryable } from '../apps/server/src/infra/db/db';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startWorkers } from '../apps/server/src/workers';
import { startCountingRelay } from './counting-relay';
import { scratchConfig, startScratchApp } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const DUPLICATES = Number(process.env.BENCH_DUPLICATES ?? 0.1);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 200);
const TRACE = process.env.BENCH_TRACE === '1';
/** The goal of issue 43: the product's intake at least this share of the bare route's throughput. */
const GOALS = { throughput: 0.7 };
const WEBHOOK_SECRET = 'whsec_bench_payments_0123456789abcdef';
const WEBHOOK_PATH = '/api/payments/webhook';
const AMOUNT = 7500;
/** Stripe's own tolerance, as the product's gateway passes it. */
const TOLERANCE_SECONDS = 300;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
};
const ms = (v: number) => `${v.toFixed(1)} ms`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

/** A small deterministic generator, so that every run shuffles the same way. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Seeded {
  userId: string;
  sessionId: string;
}

/** One round's payments: the session each was made for, and its event (as Stripe sends it). */
interface Batch {
  label: string;
  seeded: Seeded[];
  events: { id: string; body: string }[];
  /** The order of delivery: an index into events, some twice. */
  order: number[];
}

const signer = new Stripe('sk_test_bench_signer');

/** `checkout.session.completed` as Stripe sends it: the session paid, its metadata naming the application. */
function completedEvent(label: string, i: number, s: Seeded, created: number) {
  const metadata = { application_id: s.userId, purpose: 'application_fee', expected_amount: String(AMOUNT) };
  return {
    id: `evt_bench_${label}_${i}_${randomBytes(4).toString('hex')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'checkout.session.completed',
    data: {
      object: {
        id: s.sessionId,
        object: 'checkout.session',
        mode: 'payment',
        status: 'complete',
        payment_status: 'paid',
        amount_subtotal: AMOUNT,
        amount_total: AMOUNT,
        currency: 'usd',
        client_reference_id: s.userId,
        customer_email: null,
        metadata,
        payment_intent: `pi_bench_${randomBytes(12).toString('hex')}`,
        success_url: 'http://portal.test/completion?session_id={CHECKOUT_SESSION_ID}',
        cancel_url: 'http://portal.test/completion?payment=cancelled',
        url: null,
        expires_at: created + 24 * 3600,
        created: created - 60,
        livemode: false,
      },
    },
  };
}

function batchOf(label: string, seeded: Seeded[], seed: number): Batch {
  const created = Math.floor(Date.now() / 1000);
  const events = seeded.map((s, i) => {
    const event = completedEvent(label, i, s, created);
    return { id: event.id, body: JSON.stringify(event) };
  });
  const random = mulberry32(seed);
  const twice = Math.round(events.length * DUPLICATES);
  const order = [...events.keys(), ...[...events.keys()].sort(() => random() - 0.5).slice(0, twice)];
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [order[i], order[j]] = [order[j]!, order[i]!];
  }
  return { label, seeded, events, order };
}

/**
 * Delivers a batch's events, signed now, in its order, at most CONCURRENCY at once. Throughput: the deliveries
 * answered 200 a second of the burst; latency, of those.
 */
async function burst(origin: string, batch: Batch) {
  const timestamp = Math.floor(Date.now() / 1000);
  const signed = batch.events.map((e) => ({
    body: e.body,
    signature: signer.webhooks.generateTestHeaderString({ payload: e.body, secret: WEBHOOK_SECRET, timestamp }),
  }));
  const pool = new Pool(origin, { connections: CONCURRENCY, pipelining: 1 });
  const deliver = async (event: { body: string; signature: string }) => {
    const res = await pool.request({
      path: WEBHOOK_PATH,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': event.signature },
      body: event.body,
    });
    return { status: res.statusCode, text: await res.body.text() };
  };
  const latencies: number[] = [];
  // What was not answered 200 (the app answers 503 when no database connection came in time): counted, and sent
  // again after the burst, not timed, as Stripe retries a delivery that failed.
  const failed: number[] = [];
  const statuses = new Map<string, number>();
  let next = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  let seconds: number;
  let cpu: NodeJS.CpuUsage;
  try {
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < batch.order.length) {
          const index = batch.order[next++]!;
          const started = performance.now();
          const { status, text } = await deliver(signed[index]!);
          if (status === 200) latencies.push(performance.now() - started);
          else {
            failed.push(index);
            const key = `${status} ${text.slice(0, 80)}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
          }
        }
      }),
    );
    seconds = (performance.now() - t0) / 1000;
    cpu = process.cpuUsage(cpu0);
    for (const index of failed) {
      const again = await deliver(signed[index]!);
      if (again.status !== 200) throw new Error(`delivered again: ${again.status} ${again.text.slice(0, 200)}`);
    }
  } finally {
    await pool.close();
  }
  return {
    perSecond: latencies.length / seconds,
    seconds,
    p50: percentile(latencies, 0.5),
    p95: percentile(latencies, 0.95),
    failed: failed.length,
    // This process's CPU a delivery: the app or the bare server, and the load generator. (PostgreSQL's is not
    // told apart from the other databases' on a shared server.)
    cpuMs: (cpu.user + cpu.system) / 1000 / batch.order.length,
    statuses: [...statuses].map(([k, n]) => `${n} × ${k}`).join('; '),
  };
}

/**
 * The baseline: Fastify with one route reading the raw body and verifying its signature as the product's gateway
 * does. With `db`, the floor of any intake that records an event before it answers: the same route also writes the
 * event's id, one INSERT … ON CONFLICT DO NOTHING on its own (no transaction around it), through the product's
 * driver on a pool of the app's size.
 */
async function startBareServer(db?: Db): Promise<FastifyInstance> {
  const stripe = new Stripe('sk_test_bench_bare');
  const app = Fastify();
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_req, body, done) =>
    done(null, body),
  );
  app.post(WEBHOOK_PATH, async (req, reply) => {
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string') throw new Error('no signature');
      event = stripe.webhooks.constructEvent(
        req.body as Buffer,
        signature,
        WEBHOOK_SECRET,
        TOLERANCE_SECONDS,
        undefined,
        Date.now(),
      );
    } catch {
      return reply.code(400).send({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    }
    if (db)
      await db.query('INSERT INTO bench_floor_events (id, received_at) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING', [
        event.id,
        new Date(),
      ]);
    return { received: true };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}

/**
 * Wraps the app's db.transaction (the routes call it through the same object) so that each statement's time is
 * added up by its text, and the transaction's from the call to its end: `(connection and BEGIN)` is the wait for a
 * pool connection and the BEGIN; `(whole transaction)` ends after COMMIT.
 */
function traceTransactions(db: Db, trace: Map<string, { n: number; ms: number }>) {
  const note = (key: string, spent: number) => {
    const entry = trace.get(key) ?? { n: 0, ms: 0 };
    entry.n++;
    entry.ms += spent;
    trace.set(key, entry);
  };
  const transaction = db.transaction.bind(db);
  db.transaction = (fn, options) => {
    const t0 = performance.now();
    return transaction(async (tx) => {
      note('(connection and BEGIN)', performance.now() - t0);
      const timed: Queryable = {
        ...tx,
        query: (async (...args: Parameters<Queryable['query']>) => {
          const q0 = performance.now();
          try {
            return await tx.query(...args);
          } finally {
            const text = typeof args[0] === 'string' ? args[0] : String((args[0] as { text?: string }).text);
            note(text.replace(/\s+/g, ' ').trim().slice(0, 80), performance.now() - q0);
          }
        }) as Queryable['query'],
      };
      return fn(timed);
    }, options).finally(() => note('(whole transaction)', performance.now() - t0));
  };
}

const scratch = await scratchDatabase('payments_webhook');
const relay = await startCountingRelay();
const logger = pino({ level: 'warn' });
const opened: {
  seed?: ReturnType<typeof createPostgresDb>;
  app?: Awaited<ReturnType<typeof startScratchApp>>;
  bare?: FastifyInstance;
  floor?: FastifyInstance;
  floorDb?: Db;
} = {};

try {
  console.log(`payments webhook bench: ${new Date().toISOString()}, load ${load()}`);
  const config = scratchConfig(scratch, {
    SMTP_URL: relay.url,
    // The webhook never calls the provider: an address nothing answers at.
    STRIPE_SECRET_KEY: 'sk_test_bench_never_called',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });
  const formContext = createFormContext(config.tenant);
  const seed = (opened.seed = createPostgresDb({ connectionString: scratch.url, max: 2, statementTimeoutMs: 600_000 }));
  const { deps, app, jobs } = (opened.app = await startScratchApp(config, logger));
  await startWorkers({ ...deps, jobs }, formContext, logger);
  deps.jobs.accept();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const productOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const bare = (opened.bare = await startBareServer());
  const bareOrigin = `http://127.0.0.1:${(bare.server.address() as AddressInfo).port}`;
  await seed.query('CREATE TABLE bench_floor_events (id text PRIMARY KEY, received_at timestamptz NOT NULL)');
  const floorDb = (opened.floorDb = createPostgresDb({ connectionString: scratch.url, max: config.dbPoolSize }));
  const floorServer = (opened.floor = await startBareServer(floorDb));
  const floorOrigin = `http://127.0.0.1:${(floorServer.server.address() as AddressInfo).port}`;

  /** Submitted applications with complete answers, indexed, each with a pending Checkout payment of its fee. */
  const seedPayments = async (label: string, count: number): Promise<Seeded[]> => {
    const at = new Date(Date.now() - 3600_000);
    const { rows } = await seed.query<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, confirmed_at, created_at)
       SELECT gen_random_uuid(), 'payer-' || $1 || '-' || i || '@example.edu', 'not-a-password', $2, $2
       FROM generate_series(1, $3::int) i RETURNING id`,
      [label, at, count],
    );
    const ids = rows.map((r) => r.id);
    await seed.query(
      `INSERT INTO applications (user_id, answers, updated_at, submitted_at)
       SELECT id, $2::jsonb, $3, $3 FROM unnest($1::uuid[]) id`,
      [ids, JSON.stringify(completeAnswers()), at],
    );
    // What a submission writes beside the application (application-repository.ts): its web statuses and history row.
    await seed.query(
      `INSERT INTO web_status_events (user_id, web_status, created_at)
       SELECT id, s, $2 FROM unnest($1::uuid[]) id, unnest(ARRAY['started', 'validating', 'submitted']) AS s`,
      [ids, at],
    );
    await seed.query(
      `INSERT INTO answer_history (user_id, kind, changes, created_at)
       SELECT id, 'submit', jsonb_build_object('submitted_at', $2::timestamptz), $2 FROM unnest($1::uuid[]) id`,
      [ids, at],
    );
    for (let i = 0; i < ids.length; i += 500) await reindexApplications(deps, formContext, ids.slice(i, i + 500), seed);
    const seeded = ids.map((userId, i) => ({
      userId,
      sessionId: `cs_test_bench_${label}_${i}_${randomBytes(8).toString('hex')}`,
    }));
    await seed.query(
      `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state, attempt,
         provider_session_id, checkout_url, session_expires_at, created_at, updated_at)
       SELECT gen_random_uuid(), s.user_id, 'application_fee', $3, 0, 'USD', 'stripe', 'pending', 1,
         s.session_id, 'https://checkout.stripe.test/c/pay/' || s.session_id, $4::timestamptz + interval '24 hours', $4, $4
       FROM unnest($1::uuid[], $2::text[]) AS s (user_id, session_id)`,
      [seeded.map((s) => s.userId), seeded.map((s) => s.sessionId), AMOUNT, at],
    );
    const { rows: indexed } = await seed.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM staff_application_index WHERE user_id = ANY ($1::uuid[]) AND fee_state = 'due'`,
      [ids],
    );
    if (indexed[0]!.n !== count)
      throw new Error(`seed: ${indexed[0]!.n} of ${count} applications indexed with a fee due`);
    return seeded;
  };

  /** Every payment of the batch counted exactly once, as the product's tables and the relay say. */
  const check = async (batch: Batch): Promise<string[]> => {
    const sessions = batch.seeded.map((s) => s.sessionId);
    const n = batch.seeded.length;
    const { rows } = await seed.query<{
      paid: number;
      rows: number;
      events: number;
      history: number;
      indexed_paid: number;
      receipt_jobs: number;
      receipt_keys: number;
    }>(
      `WITH p AS (SELECT id, user_id, state FROM payments WHERE provider_session_id = ANY ($1::text[]))
       SELECT
         (SELECT count(*) FROM p WHERE state = 'paid')::int AS paid,
         (SELECT count(*) FROM payments WHERE user_id IN (SELECT user_id FROM p))::int AS rows,
         (SELECT count(*) FROM payment_events WHERE id = ANY ($2::text[]))::int AS events,
         (SELECT count(*) FROM answer_history h WHERE h.kind = 'checklist'
            AND h.changes->>'payment' IN (SELECT id::text FROM p))::int AS history,
         (SELECT count(*) FROM staff_application_index i WHERE i.user_id IN (SELECT user_id FROM p)
            AND i.fee_state = 'paid')::int AS indexed_paid,
         (SELECT count(*) FROM pgboss.job j WHERE j.name = $3
            AND j.data->>'onceKey' IN (SELECT 'payment-receipt:' || id FROM p))::int AS receipt_jobs,
         (SELECT count(DISTINCT j.data->>'onceKey') FROM pgboss.job j WHERE j.name = $3
            AND j.data->>'onceKey' IN (SELECT 'payment-receipt:' || id FROM p))::int AS receipt_keys`,
      [sessions, batch.events.map((e) => e.id), MAIL_QUEUE],
    );
    const got = rows[0]!;
    const differences: string[] = [];
    for (const [key, value] of Object.entries(got)) if (value !== n) differences.push(`${key} ${value}, not ${n}`);
    return differences;
  };

  // Everything seeded before any timing: a batch for each product round and the warm-up.
  const seedStarted = performance.now();
  const warm = batchOf('warm', await seedPayments('warm', WARMUP), 1);
  const batches: Batch[] = [];
  for (let round = 0; round < ROUNDS; round++)
    batches.push(batchOf(`r${round}`, await seedPayments(`r${round}`, EVENTS), round + 2));
  await seed.query('ANALYZE');
  console.log(
    `seeded ${WARMUP + ROUNDS * EVENTS} submitted applications, each with a pending payment, in ` +
      `${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  let receiptsExpected = relay.received;
  const productRound = async (batch: Batch) => {
    const result = await burst(productOrigin, batch);
    // The receipts go out after the answers (the mail worker, woken by each answer): all of them at the relay
    // before the next side's round starts, not timed.
    receiptsExpected += batch.seeded.length;
    await relay.until(receiptsExpected);
    const differences = await check(batch);
    return { ...result, differences };
  };

  // BENCH_TRACE=1: each statement of the app's transactions timed from the app's side (its round trip, the wait for
  // the answer included), and the whole transaction from asking for a connection to its commit.
  const trace = new Map<string, { n: number; ms: number }>();
  if (TRACE) traceTransactions(deps.db, trace);

  // Warm-up: each side once (the statements' plans, the pools, the JIT), not counted.
  const warmProduct = await productRound(warm);
  await burst(bareOrigin, warm);
  await burst(floorOrigin, warm);
  if (warmProduct.differences.length) throw new Error(`warm-up: ${warmProduct.differences.join('; ')}`);

  type Burst = Awaited<ReturnType<typeof burst>>;
  type Side = 'product' | 'bare' | 'floor';
  const rounds: Record<Side, Burst>[] = [];
  const problems: string[] = [];
  const line = (r: Burst) =>
    `${r.perSecond.toFixed(0)}/s (p50 ${ms(r.p50)}, p95 ${ms(r.p95)}, CPU ${r.cpuMs.toFixed(2)} ms${r.failed ? `; not 200: ${r.statuses}` : ''})`;
  for (let round = 0; round < ROUNDS; round++) {
    const batch = batches[round]!;
    const sides: Record<Side, () => Promise<Burst>> = {
      product: async () => {
        const result = await productRound(batch);
        problems.push(...result.differences.map((d) => `round ${round + 1}: ${d}`));
        return result;
      },
      bare: () => burst(bareOrigin, batch),
      floor: () => burst(floorOrigin, batch),
    };
    // The sides take turns: each goes first in one round out of three.
    const all: Side[] = ['product', 'bare', 'floor'];
    const order = all.map((_, i) => all[(i + round) % all.length]!);
    const result = {} as Record<Side, Burst>;
    for (const side of order) result[side] = await sides[side]();
    rounds.push(result);
    const once = problems.some((p) => p.startsWith(`round ${round + 1}:`)) ? 'NOT exactly once' : 'each payment once';
    console.log(
      `round ${round + 1} (${order.join(', ')}): product ${line(result.product)}, bare ${line(result.bare)}, ` +
        `floor ${line(result.floor)}; product/bare ${(result.product.perSecond / result.bare.perSecond).toFixed(2)}, ` +
        `floor/bare ${(result.floor.perSecond / result.bare.perSecond).toFixed(2)}; ${once}; load ${load()}`,
    );
  }

  if (TRACE) {
    console.log('\nthe product’s transactions (BENCH_TRACE), mean per call, the warm-up included:');
    for (const [k, v] of [...trace].sort((a, b) => b[1].ms - a[1].ms))
      console.log(`  ${ms(v.ms / v.n).padStart(10)} x ${String(v.n).padStart(5)}  ${k}`);
  }
  const deliveries = batches[0]!.order.length;
  const ratio = median(rounds.map((r) => r.product.perSecond / r.bare.perSecond));
  console.log(
    `\n${EVENTS} events a round, ${deliveries - EVENTS} of them delivered twice (${deliveries} deliveries), ` +
      `${CONCURRENCY} at once, ${ROUNDS} rounds a side (+ a warm-up of ${WARMUP}); ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, load ${load()}`,
  );
  const side = (key: Side) =>
    `${median(rounds.map((r) => r[key].perSecond)).toFixed(0)} deliveries/s, ` +
    `p50 ${ms(median(rounds.map((r) => r[key].p50)))}, p95 ${ms(median(rounds.map((r) => r[key].p95)))}, ` +
    `CPU a delivery ${median(rounds.map((r) => r[key].cpuMs)).toFixed(2)} ms in this process`;
  console.log(`product (median): ${side('product')}`);
  console.log(`bare    (median): ${side('bare')}`);
  console.log(`floor   (median): ${side('floor')}`);
  const of = (a: Side, b: Side) =>
    `${median(rounds.map((r) => r[a].perSecond / r[b].perSecond)).toFixed(2)} (rounds ${rounds
      .map((r) => (r[a].perSecond / r[b].perSecond).toFixed(2))
      .join(', ')})`;
  console.log(`product/bare (median of rounds): ${of('product', 'bare')}`);
  const refused = rounds.reduce((n, r) => n + r.product.failed, 0);
  if (refused)
    console.log(`product: ${refused} deliveries not answered 200 in the bursts (delivered again after each)`);
  console.log(`floor/bare: ${of('floor', 'bare')}; product/floor: ${of('product', 'floor')}`);

  console.log('\nGOALS');
  console.log(
    `  throughput >= ${GOALS.throughput} of the bare route: ${ratio.toFixed(2)}: ` +
      `${ratio >= GOALS.throughput ? 'met' : `NOT met (${((1 - ratio / GOALS.throughput) * 100).toFixed(0)}% short)`}`,
  );
  console.log(
    `  every payment recorded exactly once (${ROUNDS * EVENTS} paid, events, history rows, index, one receipt each): ` +
      `${problems.length ? `NOT met: ${problems.join('; ')}` : 'met'}`,
  );
  if (problems.length) process.exitCode = 1;
} finally {
  await opened.bare?.close();
  await opened.floor?.close();
  await opened.floorDb?.close();
  await opened.app?.close();
  await opened.seed?.close();
  await relay.close();
  await scratch.drop();
}
