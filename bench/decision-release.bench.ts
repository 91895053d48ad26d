/**
 * A release of decisions at scale (issue #32): 10,000 provisional decisions
 * released by one POST /api/staff/decisions/release through the real app
 * (session, right, checks, release rows, batches of
 * DECISION_RELEASE_BATCH_SIZE, one notice per applicant queued in each
 * batch's transaction, the decisions job that carries on past the first
 * batch), timed until the SMTP relay has taken every notice. The baseline, in
 * the same run and the same process: the same mail queue sending 10,000 plain
 * ready-made mails of the same text, queued in transactions of the same size,
 * timed until the relay has them all. Rounds take turns; every round's times
 * and the median ratio are printed (goal: at most 1.5 times), never pass/fail.
 *
 *   npm run bench:decision-release   (BENCH_DECISIONS, BENCH_ROUNDS; uses TEST_DATABASE_URL or the local server)
 */
import { cpus, loadavg } from 'node:os';
import { pino } from 'pino';
import { SESSION_COOKIE } from '@admissions/domain';
import { createFormContext } from '../apps/server/src/core/form-context';
import { seedDecidedApplications } from '../apps/server/src/features/decisions/decision.test-helpers';
import { decisionAvailableMail, enqueueMailsIn } from '../apps/server/src/features/mail';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { startSession } from '../apps/server/src/session/session-store';
import { startWorkers } from '../apps/server/src/workers';
import { startCountingRelay } from './counting-relay';
import { scratchConfig, startScratchApp } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const DECISIONS = Number(process.env.BENCH_DECISIONS ?? 10_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const ADMIN = 'bench.decider@college.test';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const scratch = await scratchDatabase('decision_release');
const relay = await startCountingRelay();
const logger = pino({ level: 'warn' });
/** What the finally block closes, whatever step failed. */
const opened: {
  seed?: ReturnType<typeof createPostgresDb>;
  app?: Awaited<ReturnType<typeof startScratchApp>>;
} = {};

try {
  const config = scratchConfig(scratch, { SMTP_URL: relay.url, STAFF_EMAILS: ADMIN });
  // Seeding writes 10,000 applications at once: a pool of its own without the server's 2 s statement limit.
  const seed = (opened.seed = createPostgresDb({ connectionString: scratch.url, max: 2, statementTimeoutMs: 600_000 }));
  const { deps, app, jobs: queue } = (opened.app = await startScratchApp(config, logger));
  // The mail worker and the decisions job, as serve.ts starts them.
  await startWorkers({ ...deps, jobs: queue }, createFormContext(config.tenant), logger);
  deps.jobs.accept();

  const { rows } = await deps.db.query<{ id: string }>(
    `INSERT INTO users (email, password_hash, confirmed_at, created_at) VALUES ($1, 'x', now(), now()) RETURNING id`,
    [ADMIN],
  );
  const cookie = `${SESSION_COOKIE}=${await startSession(deps, rows[0]!.id, true)}`;
  // A request that queued mail wakes this process's mail worker once answered (mail-jobs.ts), as the release does.
  const wakeMailWorker = () => app.inject({ method: 'GET', url: '/health/live' });

  /** The baseline: 10,000 plain notices queued in transactions of one release batch each, until the relay has them. */
  const plain = async (round: number, count = DECISIONS) => {
    const emails = Array.from({ length: count }, (_, i) => `plain-${round}-${i}@example.edu`);
    const before = relay.received;
    const t0 = performance.now();
    for (let i = 0; i < emails.length; i += config.decisionReleaseBatchSize) {
      await deps.db.transaction((tx) =>
        enqueueMailsIn(
          { jobs: queue },
          tx,
          emails
            .slice(i, i + config.decisionReleaseBatchSize)
            .map((email) => ({ message: decisionAvailableMail(config, email) })),
        ),
      );
    }
    await wakeMailWorker();
    await relay.until(before + count);
    return (performance.now() - t0) / 1000;
  };

  /** The release: one call for 10,000 provisional decisions, until the relay has every notice. */
  const release = async (round: number, count = DECISIONS) => {
    const decided = await seedDecidedApplications(seed, count, { prefix: `release-${round}` });
    await seed.query('ANALYZE');
    const before = relay.received;
    const t0 = performance.now();
    const res = await app.inject({
      method: 'POST',
      url: '/api/staff/decisions/release',
      headers: { cookie, origin: config.publicUrl.origin, 'content-type': 'application/json' },
      payload: { application_ids: decided.map((d) => d.userId) },
    });
    if (res.statusCode !== 200 || res.json().count !== count)
      throw new Error(`release answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
    const answered = (performance.now() - t0) / 1000;
    await relay.until(before + count);
    return { seconds: (performance.now() - t0) / 1000, answered };
  };

  // A short warm-up of each (pg-boss's queues, the statements' plans, the SMTP pool), not counted.
  await plain(-1, 500);
  await release(-1, 500);

  const rounds: { plain: number; release: number; answered: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const p = await plain(round);
    const r = await release(round);
    rounds.push({ plain: p, release: r.seconds, answered: r.answered });
    console.log(
      `round ${round + 1}: plain mails ${p.toFixed(2)} s (${(DECISIONS / p).toFixed(0)}/s); release ${r.seconds.toFixed(2)} s ` +
        `(answered after ${r.answered.toFixed(2)} s; ${(DECISIONS / r.seconds).toFixed(0)}/s); ratio ${(r.seconds / p).toFixed(2)}x; ` +
        `load ${loadavg()[0]!.toFixed(1)}`,
    );
  }
  console.log(
    `\n${DECISIONS} decisions a release, batches of ${config.decisionReleaseBatchSize}, ${ROUNDS} rounds (+1 warm-up of 500); ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(
    `median: plain ${median(rounds.map((r) => r.plain)).toFixed(2)} s, release ${median(rounds.map((r) => r.release)).toFixed(2)} s; ` +
      `ratio ${median(rounds.map((r) => r.release / r.plain)).toFixed(2)}x (goal <= 1.5x)`,
  );
} finally {
  await opened.app?.close();
  await opened.seed?.close();
  await relay.close();
  await scratch.drop();
}
