import path from 'node:path';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import type { Config } from './config';
import { createLookupService } from './features/lookup/lookup-service';
import { createZipCodeProvider } from './features/lookup/zip-code-provider';
import { systemClock, type Clock } from './infra/clock';
import { createDb } from './infra/db/create-db';
import { deferJobQueue, type DeferredJobQueue } from './infra/jobs/deferred-job-queue';
import { createMailer } from './infra/mail/mailer';
import { loadSecretKey } from './infra/secret-key';
import { createStorage } from './infra/storage/create-storage';

/** Opens the real adapters named by the configuration. */
export async function createDeps(
  config: Config,
  logger: Logger,
  clock: Clock = systemClock,
): Promise<AppDeps & { jobs: DeferredJobQueue }> {
  const db = await createDb(config);
  const secretKey = await loadSecretKey(config.dataDir, config.secretKey);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: path.join(config.dataDir, 'outbox'),
    logger,
  });
  // pg-boss is loaded and started while the server already answers (server.ts awaits `jobs.ready` after listen).
  const jobs = deferJobQueue(async () =>
    (await import('./infra/jobs/job-queue')).startJobQueue({
      db,
      logger,
      superviseIntervalSeconds: config.jobSuperviseIntervalSeconds,
    }),
  );
  const storage = createStorage(config.storage, config.publicUrl, secretKey, clock);
  const lookups = createLookupService(
    config.lookupDataDir,
    { info: (message) => logger.info(message), warn: (message) => logger.warn(message) },
    createZipCodeProvider(),
  );
  return { config, db, mailer, clock, secretKey, jobs, storage, lookups };
}

export async function closeDeps(deps: AppDeps): Promise<void> {
  // A job still running after 3 s is left to pg-boss: it expires and runs again in another process.
  await deps.jobs.stop(3000);
  deps.mailer.close();
  await deps.db.close();
}
