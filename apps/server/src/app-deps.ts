import type { Config } from './config';
import type { LookupService } from './core/lookup-service';
import type { Clock } from './infra/clock';
import type { Db } from './infra/db/db';
import type { JobQueue } from './infra/jobs/job-queue';
import type { Mailer } from './infra/mail/mailer';
import type { Storage } from './infra/storage/storage';

/** What the features are built from; tests and production build it the same way. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  /** The durable job queue (pg-boss) on the same database. */
  jobs: JobQueue;
  clock: Clock;
  /** Uploaded and converted documents: local disk or S3 (config.storage). */
  storage: Storage;
  secretKey: string;
  /** School and address lookups, built in memory just after start (or at the first lookup). */
  lookups: LookupService;
}
