import { PgBoss, fromPglite, type ConstructorOptions } from 'pg-boss';
import type { Logger } from 'pino';
import type { Db } from '../db/db';
import type { PgliteDb } from '../db/pglite-db';
import type { PostgresDb } from '../db/postgres-db';

/**
 * The durable job queue every feature shares: pg-boss on the application's own
 * database (its tables live in the `pgboss` schema). Jobs survive a crash of the
 * process that took them: an active job whose process died is retried when its
 * expiry passes. The features see only the calls they need.
 */
export type JobQueue = Pick<
  PgBoss,
  | 'createQueue'
  | 'updateQueue'
  | 'getQueue'
  | 'send'
  | 'sendAfter'
  | 'insert'
  | 'work'
  | 'offWork'
  | 'notifyWorker'
  | 'fetch'
  | 'complete'
  | 'fail'
  | 'cancel'
  | 'getJobById'
  | 'findJobs'
  | 'schedule'
  | 'unschedule'
  | 'getSchedules'
  | 'getQueueStats'
> & {
  /** Stops fetching; waits up to `graceMs` for running handlers before giving up on them. */
  stop(graceMs?: number): Promise<void>;
};

export interface JobQueueOptions {
  db: Db;
  logger: Pick<Logger, 'warn' | 'error'>;
  /** Cron schedules are evaluated by one process at a time; tests turn them off. */
  schedule?: boolean;
  /** Connections of the queue's own pool on PostgreSQL (PGlite has one connection). */
  poolSize?: number;
  /** How often expired jobs (e.g. of a crashed process) are found and retried; pg-boss's default is 60. */
  superviseIntervalSeconds?: number;
}

/** Opens the queue on the same database as the application, installing or upgrading its schema. */
export async function startJobQueue({
  db,
  logger,
  schedule = true,
  poolSize = 4,
  superviseIntervalSeconds = 60,
}: JobQueueOptions): Promise<JobQueue> {
  const boss = new PgBoss({
    ...databaseOptions(db, poolSize),
    schedule,
    supervise: true,
    migrate: true,
    superviseIntervalSeconds,
    monitorIntervalSeconds: superviseIntervalSeconds,
  });
  // pg-boss reports problems of its own loops (a lost connection, a failed maintenance run) as events.
  boss.on('error', (err) => logger.error({ err }, 'Job queue error'));
  boss.on('warning', (warning) => logger.warn({ warning }, 'Job queue warning'));
  await boss.start();
  const queue = boss as unknown as JobQueue & { stop: PgBoss['stop'] };
  const stop = boss.stop.bind(boss);
  return Object.assign(queue, {
    stop: (graceMs = 10_000) => stop({ graceful: true, timeout: graceMs, close: true }),
  });
}

function databaseOptions(db: Db, poolSize: number): ConstructorOptions {
  if (isPglite(db)) return { db: fromPglite(db.pglite), backend: 'pglite' };
  if (isPostgres(db))
    return { connectionString: db.connectionString, max: poolSize, application_name: 'admissions-jobs' };
  throw new Error('The job queue needs a PGlite or PostgreSQL database');
}

function isPglite(db: Db): db is PgliteDb {
  return db.kind === 'pglite' && 'pglite' in db;
}

function isPostgres(db: Db): db is PostgresDb {
  return db.kind === 'postgres' && 'connectionString' in db;
}
