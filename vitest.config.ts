import { defineConfig } from 'vitest/config';

/**
 * One run covers every unit and server test. The server suite runs twice:
 * once on embedded PGlite and once on the PostgreSQL server named by
 * TEST_DATABASE_URL (the machine's local server by default), so both
 * database paths are proven by every `npm test`.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const failOnConsoleError = './test/fail-on-console-error.ts';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
        },
      },
      {
        test: {
          name: 'server-pglite',
          include: ['apps/server/src/**/*.test.ts'],
          globalSetup: ['./test/pglite-template.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          env: { TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          env: { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: [failOnConsoleError, './apps/web/src/test/setup.ts'],
        },
      },
    ],
  },
});
