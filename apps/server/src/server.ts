import { pino } from 'pino';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config';
import { closeDeps, createDeps } from './create-deps';
import { purgeAbandonedUploads } from './features/documents/purge-abandoned-uploads';
import { createFormContext } from './features/application/form-context';
import { purgeExpired } from './features/housekeeping/purge-expired';
import { catchUpConsoleIndex } from './features/staff/console-index';
import { startPeriodicJob } from './infra/jobs/periodic-job';
import { HOUR } from './infra/time-units';
import { startWorkers } from './workers';

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
const logger = pino({ level: config.logLevel });
const deps = await createDeps(config, logger);
const app = await buildApp(deps, logger);

let housekeeping: ReturnType<typeof startPeriodicJob> | undefined;
let consoleIndex: ReturnType<typeof startPeriodicJob> | undefined;

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  logger.info({ signal }, 'shutting down');
  await app.close();
  await housekeeping?.stop();
  await consoleIndex?.stop();
  await closeDeps(deps);
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
await startWorkers(deps, logger);
housekeeping = startPeriodicJob({
  name: 'purge-expired',
  everyMs: HOUR,
  logger,
  run: async () => {
    logger.debug({ deleted: await purgeExpired(deps) }, 'purged expired rows');
    logger.debug({ uploads: await purgeAbandonedUploads(deps, logger) }, 'removed abandoned uploads');
  },
});
// The staff console's list reads a model rebuilt from answer_history (docs/decisions/011-staff-console.md).
const formContext = createFormContext(config.tenant);
consoleIndex = startPeriodicJob({
  name: 'staff-console-index',
  everyMs: 10_000,
  logger,
  run: () => catchUpConsoleIndex(deps, formContext),
});
logger.info(`Admissions Portal is ready at ${config.publicUrl.origin}`);
