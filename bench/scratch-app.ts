import type { Logger } from 'pino';
import { pino } from 'pino';
import { buildApp } from '../apps/server/src/app';
import { type Config, loadConfig } from '../apps/server/src/config';
import { closeDeps, createDeps } from '../apps/server/src/create-deps';
import { createLookupService } from '../apps/server/src/features/lookup/lookup-service';
import { createZipCodeProvider } from '../apps/server/src/features/lookup/zip-code-provider';
import type { Clock } from '../apps/server/src/infra/clock';
import type { Db } from '../apps/server/src/infra/db/db';
import { createStorage } from '../apps/server/src/infra/storage/create-storage';
import type { scratchDatabase } from './scratch-database';

/** What the benchmarks' servers stand on: a scratch database and its data folder (scratch-database.ts). */
type Scratch = Pick<Awaited<ReturnType<typeof scratchDatabase>>, 'url' | 'dataDir'>;

/**
 * The configuration of a server on a scratch database, as production runs it, with `env` on top (SMTP_URL,
 * STAFF_EMAILS…). Without SMTP_URL its mail goes to the outbox folder in the scratch data folder.
 */
export function scratchConfig(scratch: Scratch, env: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: scratch.dataDir,
    DATABASE_URL: scratch.url,
    LOG_LEVEL: 'warn',
    // The benchmarks start staff sessions by inserting them (startSession), not through a sign-in and its second
    // factor; bench/staff-sign-in.bench.ts sets STAFF_MFA=required to time the check itself.
    STAFF_MFA: 'off',
    ...env,
  });
}

/**
 * The whole app in this process, built as serve.ts builds it (createDeps, then buildApp), ready for
 * `app.inject`, and its job queue once started. No worker runs and the queue accepts no job yet: the
 * benchmark starts what it times (startWorkers, `deps.jobs.accept()`). `close()` closes the app, then its deps.
 */
export async function startScratchApp(config: Config, logger: Logger) {
  const deps = await createDeps(config, logger);
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    app = await buildApp(deps, logger);
    await app.ready();
    const jobs = await deps.jobs.ready;
    const built = app;
    const close = async () => {
      await built.close();
      await closeDeps(deps);
    };
    return { deps, jobs, app: built, close };
  } catch (err) {
    await app?.close();
    await closeDeps(deps);
    throw err;
  }
}

/**
 * The app on the benchmark's own pool, for calls that send no mail and queue no job (the staff console's
 * reads): no job queue, no mailer, local storage, lookups without data, and a silent logger.
 */
export async function appWithoutJobs({ config, db, clock }: { config: Config; db: Db; clock: Clock }) {
  const secretKey = 'x'.repeat(64);
  const app = await buildApp(
    {
      config,
      db,
      clock,
      secretKey,
      mailer: { send: async () => {}, close() {} } as never,
      jobs: undefined as never,
      storage: createStorage(config.storage, config.publicUrl, secretKey, clock),
      lookups: createLookupService(undefined, { info() {}, warn() {} }, createZipCodeProvider()),
    },
    pino({ level: 'silent' }),
  );
  await app.ready();
  return app;
}
