import type { Config } from './config';
import type { LookupService } from './features/lookup/lookup-service';
import type { Clock } from './infra/clock';
import type { Db } from './infra/db/db';
import type { Mailer } from './infra/mail/mailer';

/** What the features are built from; tests and production build it the same way. */
export interface AppDeps {
  config: Config;
  db: Db;
  mailer: Mailer;
  clock: Clock;
  secretKey: string;
  /** School and address lookups, built in memory at start. */
  lookups: LookupService;
}
