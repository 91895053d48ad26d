import path from 'node:path';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { systemClock, type Clock } from './infra/clock';
import { createDb } from './infra/db/create-db';
import { startJobQueue } from './infra/jobs/job-queue';
import { createMailer } from './infra/mail/mailer';
import { loadSecretKey } from './infra/secret-key';

/** Opens the real adapters named by the configuration. */
export async function createDeps(config: Config, logger: Logger, clock: Clock = systemClock): Promise<AppDeps> {
  const db = await createDb(config);
  const secretKey = await loadSecretKey(config.dataDir, config.secretKey);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
  const jobs = await startJobQueue({ db, logger });
  return { config, db, mailer, clock, secretKey, jobs };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  // A job still running after 3 s is left to pg-boss: it expires and runs again in another process.
  await deps.jobs.stop(3000);
  deps.mailer.close();
  await deps.db.close();
}
