import { Gauge, Registry } from 'prom-client';
import type { AppDeps } from '../../app-deps';
import { sessionCutoffs } from '../../session/session-cutoffs';

/** A gauge's reading gives up after this, so a scrape during an outage still answers with the rest. */
const READ_TIMEOUT_MS = 1000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('metrics read timed out')), READ_TIMEOUT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
}

/**
 * The gauges read from the database when scraped (one app's deps, so one
 * registry per app): job queues' depth and oldest waiting job, live sessions,
 * the pool's connections. Labelled by queue name only.
 */
export function operationalGauges(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  readings: HandedReadings = {},
): Registry {
  const registry = new Registry();
  const idpExpiry = readings.idpCertificateExpiresAt;
  if (idpExpiry) {
    new Gauge({
      name: 'staff_idp_certificate_expiry_seconds',
      help: "Seconds until the SAML identity provider's signing certificate expires (negative once it has).",
      registers: [registry],
      collect() {
        this.set((idpExpiry.getTime() - deps.clock.now().getTime()) / 1000);
      },
    });
  }
  // Both queue gauges read one query: the first of a scrape starts it, the other awaits the same answer.
  let queueRead: Promise<{ queue: string; n: number; age: number }[]> | undefined;
  const readQueues = () => {
    queueRead ??= withTimeout(
      deps.db.query<{ queue: string; n: number; age: number }>(
        `SELECT name AS queue, count(*)::int AS n,
                extract(epoch FROM now() - min(created_on))::float8 AS age
           FROM pgboss.job WHERE state IN ('created', 'retry') GROUP BY name`,
      ),
    )
      .then(({ rows }) => rows)
      // The queue's schema is made after start, or the database is down: nothing to say this time.
      .catch(() => [])
      .finally(() => setTimeout(() => (queueRead = undefined), 100).unref());
    return queueRead;
  };
  new Gauge({
    name: 'admissions_job_queue_depth',
    help: 'Jobs waiting to run (created or to be retried), by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readQueues()) this.set({ queue: row.queue }, row.n);
    },
  });
  new Gauge({
    name: 'admissions_job_queue_oldest_age_seconds',
    help: 'Age of the oldest job still waiting to run, by queue.',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readQueues()) this.set({ queue: row.queue }, row.age);
    },
  });
  new Gauge({
    name: 'admissions_active_sessions',
    help: 'Sessions neither idle nor too old (applicants and staff).',
    registers: [registry],
    async collect() {
      const { idle, absolute, staffIdle, staffAbsolute } = sessionCutoffs(deps.clock.now(), deps.config.staffAuth);
      try {
        const { rows } = await withTimeout(
          deps.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM sessions
             WHERE last_seen_at > CASE WHEN is_staff THEN $3::timestamptz ELSE $1 END
               AND created_at > CASE WHEN is_staff THEN $4::timestamptz ELSE $2 END`,
            [idle, absolute, staffIdle, staffAbsolute],
          ),
        );
        this.set(rows[0]?.n ?? 0);
      } catch {
        // The database is down: the last reading stays, and the readiness probe says why.
      }
    },
  });
  const stats = 'poolStats' in deps.db ? (deps.db.poolStats as () => PoolStats) : undefined;
  if (stats) {
    new Gauge({
      name: 'admissions_db_pool_connections',
      help: "The request pool's connections, by state: in use, idle, and calls waiting for one.",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = stats();
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
        this.set({ state: 'waiting' }, s.waiting);
        this.set({ state: 'max' }, s.max);
      },
    });
  }
  return registry;
}

/** Readings of other features, handed in by the composition root (operations uses no other feature). */
export interface HandedReadings {
  /** When the SAML IdP's signing certificate expires (features/staff-sso, read at start); none without SAML. */
  idpCertificateExpiresAt?: Date | null;
}

export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
  max: number;
}
