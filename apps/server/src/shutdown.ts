import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';

/** The whole stop, from the signal to exit, stays under this (orchestrators kill at 10 s or more). */
export const SHUTDOWN_DEADLINE_MS = 9000;

let stopping: Promise<number> | undefined;

/**
 * Stops taking requests and sockets at once, lets the requests in flight
 * finish, then closes the queue and the database. Idle keep-alive sockets are
 * closed immediately (and again as each in-flight request ends, since a
 * socket can fall idle only then); a socket still busy when the deadline
 * comes is cut, so the process always exits in time. Resolves with the exit
 * code: 0 when everything closed cleanly.
 */
export function startShutdown(
  app: FastifyInstance,
  closeRest: () => Promise<void>,
  logger: Pick<Logger, 'error' | 'warn'>,
) {
  stopping ??= (async () => {
    const server = app.server;
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    const cut = setTimeout(() => {
      logger.warn('requests still running at the shutdown deadline; closing their connections');
      server.closeAllConnections();
    }, SHUTDOWN_DEADLINE_MS - 2000);
    const hard = setTimeout(() => {
      logger.error('shutdown took too long; exiting');
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS);
    hard.unref();
    try {
      const closing = app.close();
      server.closeIdleConnections();
      await closing;
      clearInterval(sweep);
      clearTimeout(cut);
      await closeRest();
      return 0;
    } catch (err) {
      logger.error({ err }, 'error while shutting down');
      return 1;
    } finally {
      clearInterval(sweep);
      clearTimeout(cut);
    }
  })();
  return stopping;
}
