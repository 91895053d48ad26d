import { setTimeout as delay } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { pino, type Logger } from 'pino';
import { buildApp } from './app';
import { closeDeps, createDeps } from './create-deps';
import { createFormContext } from './core/form-context';
import { catchUpConsoleIndex } from './features/staff/console-index';
import { apiViewRefresher } from './features/api-v1';
import { LOG_SERIALIZERS } from './http/log-serializers';
import { isDatabaseUnavailable } from './infra/db/database-unavailable';
import { startShutdown } from './shutdown';
import { startPeriodicJob, type PeriodicJob } from './infra/jobs/periodic-job';
import { startWorkers } from './workers';
import type { Config } from './config';
import { markStopping } from './infra/lifecycle';
import type { Clock } from './infra/clock';
import type { AppDeps } from './app-deps';
import { startMetricsServer } from './features/operations';
import { idpCertificateExpiresAt } from './features/staff-sso';

/** How long after listening the background work starts when no request has asked for it. */
const BACKGROUND_START_MS = 1000;

/** Started after listen; a signal may come before. */
interface Background {
  consoleIndex?: PeriodicJob;
  apiViews?: PeriodicJob;
  stopping?: boolean;
  metrics?: Awaited<ReturnType<typeof startMetricsServer>>;
}

type Hooks = { beforeExit?: () => Promise<void>; clock?: Clock };
/** The adapters with the job queue that is started after listen. */
type StartedDeps = Awaited<ReturnType<typeof createDeps>>;

/**
 * The server itself, started by server.ts once the configuration is read
 * (and tracing, when asked for, is listening for the modules loaded here).
 * Production passes no clock (the system's); only the e2e stack's own entry
 * (test-support/e2e-server.ts, decision 053) passes one it can move, and reads
 * the started deps from the answer to run the scheduled work it moved into the past.
 */
export async function serve(config: Config, hooks: Hooks = {}): Promise<AppDeps> {
  const logger = pino({ level: config.logLevel, serializers: LOG_SERIALIZERS });
  const deps = await openDeps(config, logger, hooks.clock);
  const app = await buildApp(deps, logger);
  const background: Background = {};
  const shutdown = (signal: string) => stopOnSignal(signal, { config, hooks, logger, app, deps, background });
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metricsPort) {
    const readings = { idpCertificateExpiresAt: idpCertificateExpiresAt(config) };
    background.metrics = await startMetricsServer(deps, config.metricsPort, config.host, readings);
  }
  await startBackground(config, deps, logger, background);
  return deps;
}

/** An unreachable database at boot is an operator's problem to fix, said in one line, not a stack trace. */
async function openDeps(config: Config, logger: Logger, clock: Clock | undefined): Promise<StartedDeps> {
  try {
    return await createDeps(config, logger, clock);
  } catch (err) {
    if (config.databaseUrl && isDatabaseUnavailable(err)) {
      const url = new URL(config.databaseUrl);
      const reason = (err as Error).message || (err as { code?: string }).code || 'no answer';
      process.stderr.write(
        `Cannot reach the database at ${url.hostname}:${url.port || 5432} (${reason}); not starting.\n`,
      );
      process.exit(1);
    }
    throw err;
  }
}

/** What a shutdown closes. */
interface Running {
  config: Config;
  hooks: Hooks;
  logger: Logger;
  app: FastifyInstance;
  deps: AppDeps;
  background: Background;
}

async function stopOnSignal(signal: string, { config, hooks, logger, app, deps, background }: Running) {
  background.stopping = true;
  // The readiness probe answers 503 from now on, while calls in flight finish (decision 045).
  markStopping();
  logger.info({ signal }, 'shutting down');
  // A balancer that keeps connections open learns from its next probe; until then calls still come and
  // are answered (SHUTDOWN_DRAIN_MS, 0 by default: a closed listener is refused at once, deploy/README.md).
  if (config.shutdownDrainMs > 0) await delay(config.shutdownDrainMs);
  const code = await startShutdown(
    app,
    async () => {
      await background.consoleIndex?.stop();
      await background.apiViews?.stop();
      await background.metrics?.close();
      await closeDeps(deps);
      await hooks.beforeExit?.();
    },
    logger,
  );
  process.exit(code);
}

/**
 * Loaded after the first answers have been given, unless a request needs them first: the job queue and
 * its workers a second after listening (loading pg-boss, checking its schema and probing the converter's
 * sandbox held up the first answers by 25 to 40 ms when started at once), and the school and address
 * indexes a second later (a second or more of work, done in slices between requests).
 */
async function startBackground(
  config: Config,
  deps: StartedDeps,
  logger: Logger,
  background: Background,
): Promise<void> {
  setTimeout(() => {
    deps.lookups.warm().catch((err: unknown) => logger.error({ err }, 'the lookups could not be loaded'));
  }, 2 * BACKGROUND_START_MS).unref();
  await Promise.race([deps.jobs.wanted, delay(BACKGROUND_START_MS, undefined, { ref: false })]);
  const formContext = createFormContext(config.tenant);
  try {
    // The workers create their queues on the started queue; only then may the stand-in pass jobs on.
    const queue = await deps.jobs.ready;
    await startWorkers({ ...deps, jobs: queue }, formContext, logger);
    deps.jobs.accept();
  } catch (err) {
    // A signal right after start closes the job queue under the workers being registered: not an error.
    if (!background.stopping) throw err;
  }
  // A process already shutting down starts nothing more; stopOnSignal() ends it.
  if (!background.stopping) {
    // The staff console's list reads a model rebuilt from answer_history (docs/decisions/011-staff-console.md):
    // a short pass every 10 s in each process; passes never overlap (they skip a locked mark).
    background.consoleIndex = startPeriodicJob({
      name: 'staff-console-index',
      everyMs: 10_000,
      logger,
      run: () => catchUpConsoleIndex(deps, formContext),
    });
    // The read API's stored views (decision 069): written again soon after each change, so a sync's page is read,
    // not derived. Two processes' passes may repeat each other's work, never undo it.
    background.apiViews = startPeriodicJob({
      name: 'api-views',
      everyMs: 5_000,
      logger,
      run: apiViewRefresher(deps, formContext),
    });
    logger.info(`Admissions Portal is ready at ${config.publicUrl.origin}`);
  }
}
