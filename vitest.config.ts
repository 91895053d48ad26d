import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run covers every unit and server test. The server suite runs twice:
 * once on embedded PGlite and once on the PostgreSQL server named by
 * TEST_DATABASE_URL (the machine's local server by default), so both
 * database paths are proven by every `npm test`.
 *
 * Most test files spend their time waiting (for PostgreSQL, LibreOffice,
 * argon2 on another thread, polls), so they run two at a time even on two
 * cores. The files that measure time or own whole processes (timing
 * comparisons, SIGTERM and kill -9, start-up, fairness of the PDF thread)
 * run afterwards, one at a time, so nothing else competes with what they time.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const failOnConsoleError = './test/fail-on-console-error.ts';

const ALONE = [
  'apps/server/src/features/documents/conversion-crash.test.ts',
  'apps/server/src/features/decisions/release-crash.test.ts',
  'apps/server/src/features/mail/mail-burst.test.ts',
  'apps/server/src/features/mail/mail-durable.test.ts',
  'apps/server/src/features/pdf/pdf-fairness.test.ts',
  'apps/server/src/features/pdf/largest-copy.test.ts',
  'apps/server/src/infra/db/database-outage.test.ts',
  'apps/server/src/readiness-outage.test.ts',
  'apps/server/src/tracing-loads-only-when-asked.test.ts',
  'apps/server/src/haproxy.test.ts',
  'apps/server/src/first-moment.test.ts',
  'apps/server/src/shutdown.test.ts',
  'apps/server/src/two-processes.test.ts',
];
const SHARED = { groupOrder: 0, maxWorkers: 2 };
const SERIAL = { groupOrder: 1, maxWorkers: 1 };

/** The server tests on one database: the files that may share the machine, or those that run alone. */
function serverProject(db: 'pglite' | 'postgres', alone: boolean): TestProjectInlineConfiguration {
  const { groupOrder, maxWorkers } = alone ? SERIAL : SHARED;
  return {
    test: {
      name: `server-${db}${alone ? '-alone' : ''}`,
      include: alone ? ALONE : ['apps/server/src/**/*.test.ts'],
      exclude: alone ? [] : ALONE,
      ...(db === 'pglite' ? { globalSetup: ['./test/pglite-template.ts'] } : {}),
      environment: 'node',
      setupFiles: [failOnConsoleError],
      env: db === 'pglite' ? { TEST_DB: 'pglite' } : { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
      testTimeout: 30_000,
      hookTimeout: 60_000,
      maxWorkers,
      sequence: { groupOrder },
    },
  };
}

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          maxWorkers: SHARED.maxWorkers,
          sequence: { groupOrder: SHARED.groupOrder },
        },
      },
      serverProject('pglite', false),
      serverProject('postgres', false),
      serverProject('pglite', true),
      serverProject('postgres', true),
      {
        extends: './apps/web/vite.config.ts',
        // Packages by their ES module builds: a CommonJS require('react') (Testing Library's main entry,
        // react-remove-scroll's "main") is out of the alias's reach and would load React beside Preact.
        resolve: {
          conditions: ['module', 'browser', 'development|production'],
          mainFields: ['module', 'browser', 'main'],
          alias: [
            {
              find: /^@testing-library\/react$/,
              replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
            },
          ],
        },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/build/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: [failOnConsoleError, './apps/web/src/test/setup.ts'],
          // Two files at a time on two cores: a screen test's steps may take twice as long as alone.
          testTimeout: 15_000,
          // The app renders with Preact (apps/web/vite.config.ts); libraries are run through Vite
          // here too, so that they meet the same alias instead of loading react-dom beside it.
          server: { deps: { inline: true } },
          maxWorkers: SHARED.maxWorkers,
          sequence: { groupOrder: SHARED.groupOrder },
        },
      },
    ],
  },
});
