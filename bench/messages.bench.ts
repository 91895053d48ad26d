/**
 * A message to a group at scale (issue 46, decision 066): one message to BENCH_RECIPIENTS (20,000) submitted
 * applications, made and sent through the real app (POST /api/staff/messages with a segment that matches them, then
 * POST …/send with the confirm count, as an administrator's session), timed from the send until the local SMTP relay
 * has every one of its mails: the send's transaction (the recipient list fixed in one statement), the messages job's
 * hand-out (500 rows a transaction, each rendered, its text stored and its `staff-message` mail job queued with its
 * once-key) and the mail worker composing (marking each row sent) and delivering every mail over SMTP. The whole
 * app runs in this process on a scratch PostgreSQL database, its workers started as serve.ts starts them.
 *
 * The baseline, in the same run and the same process: the same mail queue sending as many ready-made plain mails of
 * the same size (the message rendered for a sample applicant: the same subject, text and HTML parts), queued through
 * enqueueMailsIn in transactions of the hand-out's size (MESSAGE_BATCH), timed from the first queued until the relay
 * has them all. A third side, the floor of any mail that must leave once: the same plain mails each with a once-key
 * (decision 049), as every mail of a message has, so marked before their batch goes and their 250 recorded. The sides
 * take turns (each goes first in one round out of three), after a warm-up of each.
 *
 * The applications are seeded once, in SQL as the product writes them (users, submitted applications with complete
 * answers, their web statuses and submit history row, their index rows through the refresher's own
 * reindexApplications); each round sends a message of its own to all of them. After each message round the run
 * checks that the relay got exactly one mail per recipient (by the Message-ID each recipient's once-key gives,
 * decision 049) and nothing else, that every recipient row is `sent` and the message `sent`; any difference is
 * printed and the run fails.
 *
 * Prints each round's times, mails/s and ratios, the load averages, the medians, then GOALS (issue 46: the message
 * at most 1.3 times the plain mails' time; every recipient exactly once).
 *
 *   npm run bench:messages     (uses TEST_DATABASE_URL or the local server)
 *   BENCH_RECIPIENTS (20000) recipients a message and mails of each baseline a round; BENCH_ROUNDS (3) rounds of
 *   each side; BENCH_WARMUP (500) recipients and mails of the warm-up, not counted; BENCH_TRACE=1 also prints, for
 *   each side, the statements the workers ran through the app's jobs pool (the messages job, the mail worker and its
 *   composers): their number a mail and mean time (the round trip as the worker waits for it), and the mail
 *   worker's batches: their mean time, and the time to their first mail handed to the mailer; BENCH_TIMELINE=1
 *   prints each side's mails at the relay every second (a message's rows handed out and marked sent too);
 *   BENCH_EXPLAIN=<ms> logs the plans of the app's statements slower than that (auto_explain, in this scratch
 *   database only) to PostgreSQL's own log.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { cpus, loadavg } from 'node:os';
import type { Db, Queryable } from '../apps/server/src/infra/db/db';
import { SESSION_COOKIE } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { createFormContext } from '../apps/server/src/core/form-context';
import { enqueueMailsIn, wakeMailWorker } from '../apps/server/src/features/mail';
import { onceMessageId } from '../apps/server/src/features/mail/once-keys';
import { renderMessage, sampleValues } from '../apps/server/src/features/messages/render-message';
import { MESSAGE_BATCH } from '../apps/server/src/features/messages/sending';
import { staffMessageOnceKey } from '../apps/server/src/features/messages/staff-message-mail';
import { reindexApplications } from '../apps/server/src/features/staff/console-index';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { SMTP_POOL_CONNECTIONS } from '../apps/server/src/infra/mail/mailer';
import { startSession } from '../apps/server/src/session/session-store';
import { startWorkers } from '../apps/server/src/workers';
import { scratchConfig, startScratchApp } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 500);
const TRACE = process.env.BENCH_TRACE === '1';
/** BENCH_TIMELINE=1: each side's mails at the relay every second (and, for a message, its rows handed out). */
const TIMELINE = process.env.BENCH_TIMELINE === '1';
const EXPLAIN = process.env.BENCH_EXPLAIN;
/** The goal of issue 46: the message until the relay has every mail, at most this times the plain mails. */
const GOALS = { ratio: 1.3 };
const ADMIN = 'bench.messages.admin@college.test';
const SUBJECT = 'Your application to {{program}}: what happens next';
const BODY = [
  'Dear {{first_name}} {{last_name}},',
  '',
  'Thank you for applying to {{program}} for {{term}}. The admissions committee has started reading the',
  'applications submitted before the deadline ({{deadline}}), and we expect to publish decisions within six weeks.',
  '',
  'You can follow your application, answer an offer and read every message we send you in the portal:',
  '{{portal_link}}',
  '',
  'If anything in your application changes (an address, a test score, a new transcript), please tell us there.',
].join('\n');

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');

type Trace = Map<string, { n: number; ms: number }>;
const traces: Record<'message' | 'plain' | 'floor', Trace> = { message: new Map(), plain: new Map(), floor: new Map() };
let tracing: Trace | undefined;

/** BENCH_TRACE: the workers' pool (db.jobsDb()) with every statement's time added up by its text, for the side running. */
function traceJobsDb(db: Db) {
  const jobsDb = db.jobsDb.bind(db);
  const timed = (q: Queryable): Queryable['query'] =>
    (async (...args: Parameters<Queryable['query']>) => {
      const t0 = performance.now();
      try {
        return await q.query(...args);
      } finally {
        const trace = tracing;
        if (trace) {
          const key = args[0].replace(/\s+/g, ' ').trim().slice(0, 90);
          const entry = trace.get(key) ?? { n: 0, ms: 0 };
          entry.n++;
          entry.ms += performance.now() - t0;
          trace.set(key, entry);
        }
      }
    }) as Queryable['query'];
  db.jobsDb = () => {
    const inner = jobsDb();
    return {
      ...inner,
      kind: inner.kind,
      query: timed(inner),
      transaction: (fn, options) => inner.transaction((tx) => fn({ query: timed(tx) }), options),
      jobsDb: () => inner.jobsDb(),
      close: () => inner.close(),
    };
  };
}

type Timing = { batches: number; batchMs: number; firstSendMs: number; sends: number; sendMs: number };
const timings: Record<'message' | 'plain' | 'floor', Timing> = {
  message: { batches: 0, batchMs: 0, firstSendMs: 0, sends: 0, sendMs: 0 },
  plain: { batches: 0, batchMs: 0, firstSendMs: 0, sends: 0, sendMs: 0 },
  floor: { batches: 0, batchMs: 0, firstSendMs: 0, sends: 0, sendMs: 0 },
};
let timing: Timing | undefined;
const inBatch = new AsyncLocalStorage<{ t0: number; firstSend?: number }>();

/**
 * BENCH_TRACE: the mail worker's batches timed (from the handler's start to its end, and to its first mail handed
 * to the mailer: the once-keys' mark and the composers), and each mailer send (the SMTP exchange, pool wait included).
 */
function traceMailWorker(
  jobs: { work: (...args: never[]) => unknown },
  mailer: { send: (m: never) => Promise<unknown> },
) {
  const work = jobs.work.bind(jobs) as (
    name: string,
    options: unknown,
    handler: (batch: unknown) => unknown,
  ) => unknown;
  (jobs as { work: unknown }).work = (name: string, options: unknown, handler: (batch: unknown) => Promise<unknown>) =>
    work(
      name,
      options,
      name !== 'mail'
        ? handler
        : (batch: unknown) => {
            const ctx = { t0: performance.now() } as { t0: number; firstSend?: number };
            return inBatch
              .run(ctx, () => handler(batch))
              .finally(() => {
                const t = timing;
                if (!t) return;
                t.batches++;
                t.batchMs += performance.now() - ctx.t0;
                t.firstSendMs += (ctx.firstSend ?? performance.now()) - ctx.t0;
              });
          },
    );
  const send = mailer.send.bind(mailer);
  mailer.send = (async (m: never) => {
    const ctx = inBatch.getStore();
    const t0 = performance.now();
    if (ctx && ctx.firstSend === undefined) ctx.firstSend = t0;
    try {
      return await send(m);
    } finally {
      const t = timing;
      if (t) {
        t.sends++;
        t.sendMs += performance.now() - t0;
      }
    }
  }) as typeof mailer.send;
}

/**
 * A local SMTP relay that takes every message, counts it and keeps its Message-ID (read from the head of the data),
 * so a round can tell which mails it got: `until(n)` resolves once it has n in all.
 */
async function startRecordingRelay() {
  let received = 0;
  const messageIds: string[] = [];
  let waiting: { n: number; resolve: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      let headDone = false;
      stream.on('data', (chunk: Buffer) => {
        if (headDone) return;
        head += chunk.toString('latin1');
        const end = head.indexOf('\r\n\r\n');
        if (end >= 0) {
          head = head.slice(0, end);
          headDone = true;
        }
      });
      stream.on('end', () => {
        received++;
        messageIds.push(/^Message-ID:\s*(<[^>\r\n]+>)/im.exec(head)?.[1] ?? '');
        if (waiting && received >= waiting.n) waiting.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    /** The Message-IDs of the mails received from index `from` on. */
    idsSince: (from: number) => messageIds.slice(from),
    until: (n: number) =>
      received >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const scratch = await scratchDatabase('messages');
const relay = await startRecordingRelay();
const logger = pino({ level: 'warn' });
/** What the finally block closes, whatever step failed. */
const opened: {
  seed?: ReturnType<typeof createPostgresDb>;
  app?: Awaited<ReturnType<typeof startScratchApp>>;
} = {};

try {
  console.log(`messages bench: ${new Date().toISOString()}, load ${load()}`);
  const config = scratchConfig(scratch, { SMTP_URL: relay.url, STAFF_EMAILS: ADMIN });
  const formContext = createFormContext(config.tenant);
  // Seeding writes 20,000 applications at once: a pool of its own without the server's 2 s statement limit.
  const seed = (opened.seed = createPostgresDb({ connectionString: scratch.url, max: 2, statementTimeoutMs: 600_000 }));
  if (EXPLAIN) {
    // BENCH_EXPLAIN=<ms>: the plans of the app's statements that run longer, in PostgreSQL's own log (auto_explain,
    // loaded in this scratch database's sessions only, opened from here on).
    const name = new URL(scratch.url).pathname.slice(1);
    await seed.query(`ALTER DATABASE ${name} SET session_preload_libraries = 'auto_explain'`);
    await seed.query(`ALTER DATABASE ${name} SET auto_explain.log_min_duration = '${Number(EXPLAIN)}ms'`);
    await seed.query(`ALTER DATABASE ${name} SET auto_explain.log_analyze = on`);
    await seed.query(`ALTER DATABASE ${name} SET auto_explain.log_buffers = on`);
    await seed.query(`ALTER DATABASE ${name} SET auto_explain.log_timing = off`);
    await seed.query(`ALTER DATABASE ${name} SET auto_explain.log_nested_statements = on`);
  }
  const { deps, app, jobs } = (opened.app = await startScratchApp(config, logger));
  if (TRACE) {
    traceJobsDb(deps.db);
    traceMailWorker(jobs as never, deps.mailer as never);
  }
  // The mail worker and the messages job (and the rest), as serve.ts starts them.
  await startWorkers({ ...deps, jobs }, formContext, logger);
  deps.jobs.accept();

  const { rows: admins } = await seed.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [ADMIN],
  );
  const cookie = `${SESSION_COOKIE}=${await startSession(deps, admins[0]!.id, true)}`;
  const headers = { cookie, origin: config.publicUrl.origin, 'content-type': 'application/json' };

  /** Submitted applications with complete answers, in the office's index; their ids. */
  const seedApplications = async (label: string, count: number): Promise<string[]> => {
    const at = new Date(Date.now() - 3600_000);
    const { rows } = await seed.query<{ id: string }>(
      `INSERT INTO users (id, email, password_hash, confirmed_at, created_at)
       SELECT gen_random_uuid(), 'applicant-' || $1 || '-' || i || '@example.edu', 'not-a-password', $2, $2
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
    // The index has caught up with that history: the list's own freshening (and the send's) has nothing to read.
    await seed.query(
      `UPDATE staff_index_progress SET last_history_id = (SELECT coalesce(max(id), 0) FROM answer_history) WHERE id = 1`,
    );
    return ids;
  };

  const seedStarted = performance.now();
  const warmIds = await seedApplications('warm', WARMUP);
  const roundIds: string[] = [];
  const { rows: indexed } = await seed.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_application_index WHERE user_id = ANY ($1::uuid[]) AND submitted_at IS NOT NULL`,
    [warmIds],
  );
  if (indexed[0]!.n !== WARMUP) throw new Error(`seed: ${indexed[0]!.n} of ${WARMUP} applications indexed`);
  console.log(
    `seeded ${WARMUP} submitted applications for the warm-up in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`,
  );

  /**
   * BENCH_TIMELINE: every second of a side, the mails at the relay since it began (and, for a message, its rows
   * handed out and marked sent), printed when it ends: where a side's time goes, as a rate over time.
   */
  const timeline = (label: string, before: number, messageId?: string) => {
    if (!TIMELINE) return () => undefined;
    const t0 = performance.now();
    const points: string[] = [];
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      const at = ((performance.now() - t0) / 1000).toFixed(1);
      const relayed = relay.received - before;
      void (
        messageId
          ? seed
              .query<{ handed: number; sent: number }>(
                `SELECT count(*) FILTER (WHERE subject IS NOT NULL)::int AS handed,
                   count(*) FILTER (WHERE state = 'sent')::int AS sent
                 FROM staff_message_recipients WHERE message_id = $1`,
                [messageId],
              )
              .then(({ rows }) => `${at}s ${relayed} (handed ${rows[0]!.handed}, sent ${rows[0]!.sent})`)
          : Promise.resolve(`${at}s ${relayed}`)
      )
        .then((p) => points.push(p))
        .finally(() => (busy = false));
    }, 1000);
    return () => {
      clearInterval(timer);
      console.log(`  timeline ${label}: ${points.join(' | ')}`);
    };
  };

  /** A message made through the API to the submitted applications, then sent; the time until the relay has all. */
  const sendMessage = async (label: string, count: number) => {
    const made = await app.inject({
      method: 'POST',
      url: '/api/staff/messages',
      headers,
      payload: {
        name: `Bench ${label}`,
        segment: { status: 'submitted' },
        subject: SUBJECT,
        body: BODY,
        category: 'transactional',
      },
    });
    if (made.statusCode !== 200 && made.statusCode !== 201)
      throw new Error(`POST /api/staff/messages answered ${made.statusCode}: ${made.body.slice(0, 300)}`);
    const message = made.json<{ id: string; estimated_recipients: number }>();
    if (message.estimated_recipients !== count)
      throw new Error(`the segment reaches ${message.estimated_recipients}, not ${count}`);
    await seed.query('ANALYZE');
    const before = relay.received;
    const t0 = performance.now();
    const stopTimeline = timeline(`message ${label}`, before, message.id);
    // A 503 (the request's statement limit or its wait for a connection, under load) fixed nothing: the office
    // sends again, and so does the run (counted in the time, and in the round's line).
    let refused = 0;
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/api/staff/messages/${message.id}/send`,
        headers,
        payload: { confirm_count: count },
      });
    let sent = await send();
    while (sent.statusCode === 503 && refused < 5) {
      refused++;
      sent = await send();
    }
    if (sent.statusCode !== 200) throw new Error(`POST …/send answered ${sent.statusCode}: ${sent.body.slice(0, 300)}`);
    const answered = (performance.now() - t0) / 1000;
    await relay.until(before + count);
    const seconds = (performance.now() - t0) / 1000;
    stopTimeline();
    return { seconds, answered, refused, messageId: message.id, before };
  };

  /** Exactly one mail per recipient at the relay, and nothing else; every row `sent`; the message `sent`. */
  const check = async (messageId: string, userIds: readonly string[], before: number): Promise<string[]> => {
    // A moment for anything sent twice to arrive too.
    await new Promise((r) => setTimeout(r, 500));
    const problems: string[] = [];
    const got = relay.idsSince(before);
    const expected = new Set(userIds.map((u) => onceMessageId(config, staffMessageOnceKey(messageId, u))));
    const seen = new Set<string>();
    let repeated = 0;
    let foreign = 0;
    for (const id of got) {
      if (!expected.has(id)) foreign++;
      else if (seen.has(id)) repeated++;
      else seen.add(id);
    }
    if (got.length !== userIds.length) problems.push(`relay got ${got.length} mails, not ${userIds.length}`);
    if (seen.size !== userIds.length) problems.push(`${userIds.length - seen.size} recipients got no mail`);
    if (repeated) problems.push(`${repeated} mails sent twice`);
    if (foreign) problems.push(`${foreign} mails not of the message`);
    const { rows } = await seed.query<{ total: number; sent: number; state: string }>(
      `SELECT (SELECT count(*) FROM staff_message_recipients WHERE message_id = $1)::int AS total,
         (SELECT count(*) FROM staff_message_recipients WHERE message_id = $1 AND state = 'sent'
            AND user_id = ANY ($2::uuid[]) AND sent_at IS NOT NULL AND subject IS NOT NULL)::int AS sent,
         (SELECT state FROM staff_messages WHERE id = $1) AS state`,
      [messageId, userIds],
    );
    const r = rows[0]!;
    if (r.total !== userIds.length) problems.push(`${r.total} recipient rows, not ${userIds.length}`);
    if (r.sent !== userIds.length) problems.push(`${r.sent} recipient rows sent, not ${userIds.length}`);
    if (r.state !== 'sent') problems.push(`the message is ${r.state}, not sent`);
    return problems;
  };

  /** The baseline: plain ready-made mails of the message's size, queued a hand-out batch a transaction. */
  const template = renderMessage(deps, { subject: SUBJECT, body: BODY }, sampleValues(deps));
  const plain = async (label: string, count: number, onceKeys = false) => {
    const before = relay.received;
    const t0 = performance.now();
    const stopTimeline = timeline(`${onceKeys ? 'floor' : 'plain'} ${label}`, before);
    for (let i = 0; i < count; i += MESSAGE_BATCH) {
      const batch = Array.from({ length: Math.min(MESSAGE_BATCH, count - i) }, (_, j) => ({
        message: {
          to: `plain-${label}-${i + j}@example.edu`,
          subject: template.subject,
          text: template.text,
          html: template.html,
        },
        ...(onceKeys ? { onceKey: `bench-floor:${label}:${i + j}` } : {}),
      }));
      await deps.db.transaction((tx) => enqueueMailsIn({ jobs }, tx, batch));
      // As the hand-out wakes this process's mail worker after each batch.
      wakeMailWorker({ jobs });
    }
    await relay.until(before + count);
    const seconds = (performance.now() - t0) / 1000;
    stopTimeline();
    if (relay.received !== before + count) throw new Error(`plain: the relay got ${relay.received - before}`);
    return seconds;
  };

  // Warm-up: each side once (pg-boss's queues, the statements' plans, the SMTP pool), not counted.
  const warm = await sendMessage('warm-up', WARMUP);
  const warmProblems = await check(warm.messageId, warmIds, warm.before);
  if (warmProblems.length) throw new Error(`warm-up: ${warmProblems.join('; ')}`);
  await plain('warm', WARMUP);
  await plain('warm-floor', WARMUP, true);
  // The warm-up's applicants are gone before the rounds' are seeded (their rows go with them), so the rounds'
  // segment reaches exactly the rounds' applications.
  await seed.query(`DELETE FROM users WHERE id = ANY ($1::uuid[])`, [warmIds]);

  const seeded = performance.now();
  roundIds.push(...(await seedApplications('rounds', RECIPIENTS)));
  // What autovacuum would get to in its own time, before the first round rather than during it.
  await seed.query('VACUUM ANALYZE');
  console.log(
    `seeded ${RECIPIENTS} submitted applications, indexed, in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );

  type Side = 'message' | 'plain' | 'floor';
  type Round = Record<Side, number> & { answered: number; refused: number; order: Side[]; problems: string[] };
  const rounds: Round[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // The sides take turns: each goes first in one round out of three.
    const all: Side[] = ['message', 'plain', 'floor'];
    const order = all.map((_, i) => all[(i + round) % all.length]!);
    const result = { order, problems: [] as string[] } as unknown as Round;
    const sides: Record<Side, () => Promise<void>> = {
      // Checked before the next side runs, so that what the relay got since the send is the message's alone.
      message: async () => {
        tracing = traces.message;
        timing = timings.message;
        const m = await sendMessage(`round ${round + 1}`, RECIPIENTS);
        tracing = undefined;
        timing = undefined;
        Object.assign(result, { message: m.seconds, answered: m.answered, refused: m.refused });
        result.problems = await check(m.messageId, roundIds, m.before);
      },
      plain: async () => {
        tracing = traces.plain;
        timing = timings.plain;
        result.plain = await plain(`r${round}`, RECIPIENTS);
        tracing = undefined;
        timing = undefined;
      },
      floor: async () => {
        tracing = traces.floor;
        timing = timings.floor;
        result.floor = await plain(`f${round}`, RECIPIENTS, true);
        tracing = undefined;
        timing = undefined;
      },
    };
    for (const side of order) await sides[side]();
    rounds.push(result);
    const r = result;
    const rate = (seconds: number) => `${seconds.toFixed(2)} s (${(RECIPIENTS / seconds).toFixed(0)} mails/s)`;
    console.log(
      `round ${round + 1} (${order.join(', ')}): message ${rate(r.message)} (send answered after ` +
        `${r.answered.toFixed(2)} s${r.refused ? `, after ${r.refused} × 503` : ''}), plain ${rate(r.plain)}, ` +
        `floor ${rate(r.floor)}; message/plain ${(r.message / r.plain).toFixed(2)}x, floor/plain ` +
        `${(r.floor / r.plain).toFixed(2)}x, message/floor ${(r.message / r.floor).toFixed(2)}x; ` +
        `${r.problems.length ? `NOT exactly once: ${r.problems.join('; ')}` : 'each recipient once'}; load ${load()}`,
    );
  }

  if (TRACE)
    for (const side of ['message', 'plain', 'floor'] as const) {
      const t = timings[side];
      console.log(
        `\nthe mail worker's batches (BENCH_TRACE), ${side} side: ${t.batches}, mean ${(t.batchMs / t.batches).toFixed(1)} ms, ` +
          `${(t.firstSendMs / t.batches).toFixed(1)} ms to the first send; sends ${t.sends}, mean ${(t.sendMs / t.sends).toFixed(1)} ms`,
      );
      console.log(`the workers' statements (BENCH_TRACE), ${side} side, all rounds: a mail, mean time, text`);
      for (const [k, v] of [...traces[side]].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
        console.log(
          `  ${(v.n / (ROUNDS * RECIPIENTS)).toFixed(3).padStart(7)} x ${(v.ms / v.n).toFixed(2).padStart(7)} ms  ${k}`,
        );
    }
  const of = (a: Side, b: Side) => median(rounds.map((r) => r[a] / r[b]));
  const ratio = of('message', 'plain');
  console.log(
    `\n${RECIPIENTS} recipients a message and plain mails a round, hand-out batches of ${MESSAGE_BATCH}, ` +
      `${ROUNDS} rounds a side (+ a warm-up of ${WARMUP}), ${SMTP_POOL_CONNECTIONS} SMTP connections; ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, load ${load()}`,
  );
  const med = (side: Side) => {
    const seconds = median(rounds.map((r) => r[side]));
    return `${seconds.toFixed(2)} s (${(RECIPIENTS / seconds).toFixed(0)} mails/s)`;
  };
  console.log(
    `median: message ${med('message')} (send answered after ${median(rounds.map((r) => r.answered)).toFixed(2)} s), ` +
      `plain ${med('plain')}, floor (plain with once-keys) ${med('floor')}`,
  );
  const each = (a: Side, b: Side) => rounds.map((r) => (r[a] / r[b]).toFixed(2)).join(', ');
  console.log(`message/plain (median of rounds): ${ratio.toFixed(2)}x (rounds ${each('message', 'plain')})`);
  console.log(
    `floor/plain: ${of('floor', 'plain').toFixed(2)}x (rounds ${each('floor', 'plain')}); ` +
      `message/floor: ${of('message', 'floor').toFixed(2)}x (rounds ${each('message', 'floor')})`,
  );
  const problems = rounds.flatMap((r, i) => r.problems.map((d) => `round ${i + 1}: ${d}`));
  console.log('\nGOALS');
  console.log(
    `  a message to ${RECIPIENTS} at most ${GOALS.ratio}x the time of as many plain mails: ${ratio.toFixed(2)}x: ` +
      `${ratio <= GOALS.ratio ? 'met' : `NOT met (${((ratio / GOALS.ratio - 1) * 100).toFixed(0)}% over)`}`,
  );
  console.log(
    `  every recipient exactly once (one mail each at the relay, every row sent, the message sent): ` +
      `${problems.length ? `NOT met: ${problems.join('; ')}` : 'met'}`,
  );
  if (problems.length) process.exitCode = 1;
} finally {
  await opened.app?.close();
  await opened.seed?.close();
  await relay.close();
  await scratch.drop();
}
