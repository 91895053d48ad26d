/**
 * Mail queue throughput (issue 27): how fast one server process drains a
 * backlog of mail to an SMTP relay, against bare nodemailer sending the same
 * mails to the same relay in the same run.
 *
 *  - baseline: nodemailer's pooled SMTP transport with the same number of
 *    connections, every mail handed to it at once, until the relay has them all;
 *  - queue, ready-made: the same mails as jobs in the durable queue (pg-boss on
 *    PostgreSQL), from the moment the mail worker starts until the relay has
 *    the last (fetching in batches, sending, settling each job);
 *  - queue, confirmation codes: sign-up jobs, which the worker composes itself
 *    (finds the account, counts the mail throttle, issues and stores a code).
 *
 * The relay is a local SMTP server that counts messages. Rounds take turns; the
 * median round's rates and ratios are printed, never pass/fail.
 *
 *   npm run bench:mail      (BENCH_MAILS, BENCH_ROUNDS; uses TEST_DATABASE_URL or the local server)
 */
import { cpus, loadavg } from 'node:os';
import nodemailer from 'nodemailer';
import { pino } from 'pino';
import { createDeps, closeDeps } from '../apps/server/src/create-deps';
import { accountMailComposers } from '../apps/server/src/features/accounts/account-mail-jobs';
import { MAIL_QUEUE, MAIL_QUEUE_OPTIONS, type MailJob } from '../apps/server/src/features/mail/mail-jobs';
import { startMailWorker } from '../apps/server/src/features/mail/mail-worker';
import { ensureQueue } from '../apps/server/src/infra/jobs/ensure-queue';
import { SMTP_POOL_CONNECTIONS } from '../apps/server/src/infra/mail/mailer';
import { startCountingRelay } from './counting-relay';
import { scratchConfig } from './scratch-app';
import { scratchDatabase } from './scratch-database';

const MAILS = Number(process.env.BENCH_MAILS ?? 1000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const FROM = 'Admissions Portal <no-reply@localhost>';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

const message = (round: number, i: number) => ({
  to: `bench-${round}-${i}@example.edu`,
  subject: 'Your confirmation code',
  text: `Your confirmation code is: ${String(100000 + i).slice(0, 6)}\n\nIt expires in 15 minutes.`,
});

const scratch = await scratchDatabase('mailbench');
const relay = await startCountingRelay();
const logger = pino({ level: 'warn' });

try {
  const config = scratchConfig(scratch, { SMTP_URL: relay.url });

  const bare = async (round: number) => {
    const transport = nodemailer.createTransport({ url: relay.url, pool: true, maxConnections: SMTP_POOL_CONNECTIONS });
    const before = relay.received;
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: MAILS }, (_, i) => transport.sendMail({ from: FROM, ...message(round, i) })),
    );
    await relay.until(before + MAILS);
    const seconds = (performance.now() - t0) / 1000;
    transport.close();
    return MAILS / seconds;
  };

  /** Fills the queue with the backlog, then times one process's mail worker draining it. */
  const queued = async (
    round: number,
    jobsOf: (deps: Awaited<ReturnType<typeof createDeps>>) => Promise<MailJob[]>,
  ) => {
    const deps = await createDeps(config, logger);
    const jobs = await deps.jobs.ready;
    deps.jobs.accept();
    try {
      await ensureQueue(jobs, MAIL_QUEUE, MAIL_QUEUE_OPTIONS);
      const backlog = await jobsOf(deps);
      for (let i = 0; i < backlog.length; i += 500)
        await jobs.insert(
          MAIL_QUEUE,
          backlog.slice(i, i + 500).map((data) => ({ data })),
        );
      const before = relay.received;
      const t0 = performance.now();
      await startMailWorker({ ...deps, jobs }, logger, accountMailComposers({ ...deps, jobs }));
      await relay.until(before + MAILS);
      return MAILS / ((performance.now() - t0) / 1000);
    } finally {
      await closeDeps(deps);
    }
  };

  const readyMade = (round: number) =>
    queued(round, async () =>
      Array.from({ length: MAILS }, (_, i): MailJob => ({ kind: 'message', message: message(round, i) })),
    );

  const codes = (round: number) =>
    queued(round, async (deps) => {
      const emails = Array.from({ length: MAILS }, (_, i) => `code-${round}-${i}@example.edu`);
      await deps.db.query(
        `INSERT INTO users (email, password_hash, created_at) SELECT e, 'x', now() FROM unnest($1::text[]) AS e`,
        [emails],
      );
      return emails.map((email): MailJob => ({ kind: 'signup', email, created: true }));
    });

  // The queue's first start creates pg-boss's schema: a round of its own, not counted.
  await readyMade(-1);

  const rounds: { bare: number; readyMade: number; codes: number }[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const b = await bare(round);
    const r = await readyMade(round);
    const c = await codes(round);
    rounds.push({ bare: b, readyMade: r, codes: c });
    console.log(
      `round ${round + 1}: bare nodemailer ${b.toFixed(0)}/s, queue ready-made ${r.toFixed(0)}/s (${(r / b).toFixed(2)}), ` +
        `queue codes ${c.toFixed(0)}/s (${(c / b).toFixed(2)})`,
    );
  }
  const ratio = (key: 'readyMade' | 'codes') => median(rounds.map((r) => r[key] / r.bare));
  console.log(
    `\n${MAILS} mails a round, ${ROUNDS} rounds, ${SMTP_POOL_CONNECTIONS} SMTP connections; ` +
      `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.versions.node}, load ${loadavg()[0]!.toFixed(1)}`,
  );
  console.log(`bare nodemailer (median): ${median(rounds.map((r) => r.bare)).toFixed(0)} mails/s`);
  console.log(
    `mail queue, ready-made mails: ${median(rounds.map((r) => r.readyMade)).toFixed(0)} mails/s, ${ratio('readyMade').toFixed(2)} of bare (median ratio)`,
  );
  console.log(
    `mail queue, confirmation codes: ${median(rounds.map((r) => r.codes)).toFixed(0)} mails/s, ${ratio('codes').toFixed(2)} of bare (median ratio)`,
  );
} finally {
  await relay.close();
  await scratch.drop();
}
