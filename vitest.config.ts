import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One run covers every unit and server test (issue 40 for how it is split):
 * - the server tests that touch no database run once;
 * - every server test that touches one runs on the PostgreSQL server named by TEST_DATABASE_URL (the
 *   machine's local server by default), each file on its own copy of a database migrated once;
 * - on embedded PGlite, the product's default, run every feature's routes and every file about the
 *   database itself (driver, transactions, concurrency, locks, jobs); the files in POSTGRES_ONLY, whose
 *   subject is not the database, are not run on it twice.
 *
 * Group after group (SERVER_GROUPS): the browser-side tests (domain, web) compute, so two at a time on two
 * cores; the shared server files, four at a time on one module graph per worker; the files that run server
 * processes of their own and mostly wait, two at a time; last, the files that time what they test
 * (start-up, fairness of the PDF thread, 503s within seconds), one at a time, so nothing competes with them.
 * docs/performance/test-suite.md has the figures.
 */
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const failOnConsoleError = './test/fail-on-console-error.ts';
const server = (file: string) => `apps/server/src/${file}`;

/** Files that time what they test (start-up, fairness, 503s within seconds): one at a time, last, alone. */
const TIMED = [
  'features/mail/mail-burst.test.ts',
  'features/pdf/pdf-fairness.test.ts',
  'features/pdf/largest-copy.test.ts',
  'infra/db/database-outage.test.ts',
  'readiness-outage.test.ts',
  'tracing-loads-only-when-asked.test.ts',
  'first-moment.test.ts',
  'shutdown.test.ts',
].map(server);

/** Files that run server processes of their own (kill -9, two processes, HAProxy) and mostly wait: two at a time. */
const OWN_PROCESSES = [
  'features/documents/conversion-crash.test.ts',
  'features/decisions/release-crash.test.ts',
  'features/mail/mail-durable.test.ts',
  'features/messages/sending-crash.test.ts',
  'features/payments/checkout-crash.test.ts',
  'haproxy.test.ts',
  'two-processes.test.ts',
].map(server);

/** Server files that open no database (PDF drawing, conversion, lookups, messages, configuration): once. */
const NO_DATABASE = [
  'config.test.ts',
  'features/api-v1/iso-instant.test.ts',
  'features/checklist/checklist-changes-at.test.ts',
  'config-documented.test.ts',
  'features/documents/convert/converter-thread.test.ts',
  'features/documents/convert/soffice-leftovers.test.ts',
  'features/documents/convert/soffice.test.ts',
  'features/lookup/in-slices.test.ts',
  'features/lookup/lookup-service.test.ts',
  'features/lookup/once-until-failure.test.ts',
  'features/lookup/school-directory.test.ts',
  'features/lookup/search-index.test.ts',
  'features/lookup/zip-code-provider.test.ts',
  'features/mail/messages/messages.test.ts',
  'features/mail/messages/submission.test.ts',
  'features/mail/messages/zoned-times.test.ts',
  'features/pdf/copy-outline.test.ts',
  'features/pdf/copy-pages.test.ts',
  'features/pdf/copy-version.test.ts',
  'features/pdf/font-facts-cache.test.ts',
  'features/pdf/glyph-code-points.test.ts',
  'features/pdf/largest-copy.test.ts',
  'features/pdf/pdf-renderer.test.ts',
  'features/pdf/pdfkit-font-reuse.test.ts',
  'features/pdf/shaping-cache.test.ts',
  'features/pdf/text-layout-cache.test.ts',
  'features/staff/packet.test.ts',
  'features/staff/staff-config.test.ts',
  'http/in-flight-limit.test.ts',
  'http/zod-only-schemas.test.ts',
  'infra/jobs/periodic-job.test.ts',
  'infra/mail/mailer.test.ts',
  'infra/worker-threads/worker-pool.test.ts',
  'infra/sealed-secret.test.ts',
].map(server);

/**
 * Run on PostgreSQL only. Each is about something above the database (a permission matrix, a limit, a
 * message, a page, a process), and every route it calls also runs on PGlite in another file of its feature.
 */
const POSTGRES_ONLY = [
  // Permission matrices: every route against every role; the routes themselves run on PGlite in their features.
  'features/staff/authorization-matrix.test.ts',
  'features/staff/role-matrix.test.ts',
  'features/decisions/decisions-authorization.test.ts',
  'features/retention/retention-preview-roles.test.ts',
  'features/api-tokens/api-tokens-roles.test.ts',
  // Hostile input and HTTP plumbing: refused before any statement runs.
  'http/route-fuzz.test.ts',
  'http/security-headers.test.ts',
  'features/accounts/error-shape.test.ts',
  // Limits and throttles above the database (their leases' SQL: cross-process-limits, on both).
  'features/accounts/rate-limit.test.ts',
  'features/application/answer-save-limits.test.ts',
  'features/documents/documents-limits.test.ts',
  // When reminders fall due, read off the test clock; the jobs they ride on run on both (infra/jobs).
  'features/recommendations/letter-reminders.test.ts',
  'features/status/deadline-reminders.test.ts',
  // Drawing, naming and storing files: the PDF routes and documents run on PGlite in pdf-routes and documents.
  'features/pdf/copy-drawn-once.test.ts',
  'features/documents/download-file-name.test.ts',
  'features/documents/s3-storage.test.ts',
  'features/my-data/delete-account-s3.test.ts',
  'features/accounts/password-lists-warm.test.ts',
  // The e2e clock's control port, and which modules a start loads.
  'clock-control.test.ts',
  // What the pg driver's results keep reachable (PGlite has no pg under it).
  'infra/db/rows-freed.test.ts',
  'tracing-loads-only-when-asked.test.ts',
].map(server);

/**
 * Files that need a module graph of their own: they replace a module (vi.mock), assert what a fresh process
 * has not loaded yet, or measure the process's heap. The shared server workers keep one graph from file to
 * file (isolate: false).
 */
const OWN_MODULES = [
  'features/pdf/copy-drawn-once.test.ts',
  'infra/db/rows-freed.test.ts',
  'features/pdf/pdf-failure.test.ts',
  'features/accounts/password-lists-warm.test.ts',
].map(server);

const BROWSER_SIDE = { groupOrder: 0, maxWorkers: 2 };
/** How the server files share the machine, group after group (vitest runs one group, then the next). */
const SERVER_GROUPS = {
  // Importing the app costs a file some seconds of CPU: these workers import it once and run file after file
  // on it (each file still starts its own app on its own database). That halved their time (issue 40).
  shared: { groupOrder: 1, maxWorkers: 4, isolate: false, files: [] as string[] },
  processes: { groupOrder: 2, maxWorkers: 2, isolate: true, files: [...OWN_PROCESSES, ...OWN_MODULES] },
  timed: { groupOrder: 3, maxWorkers: 1, isolate: true, files: TIMED },
};
const ALL_SERVER_FILES = 'apps/server/src/**/*.test.ts';
const NOT_SHARED = [...SERVER_GROUPS.processes.files, ...SERVER_GROUPS.timed.files];

type Database = 'pglite' | 'postgres' | 'none';

/** The server tests of one group on one database (none when that group has no file there). */
function serverProject(db: Database, group: keyof typeof SERVER_GROUPS): TestProjectInlineConfiguration[] {
  const { groupOrder, maxWorkers, isolate, files } = SERVER_GROUPS[group];
  const shared = group === 'shared';
  const onThisDatabase = (file: string) =>
    db === 'none'
      ? NO_DATABASE.includes(file)
      : !NO_DATABASE.includes(file) && !(db === 'pglite' && POSTGRES_ONLY.includes(file));
  const include = shared
    ? db === 'none'
      ? NO_DATABASE.filter((f) => !NOT_SHARED.includes(f))
      : [ALL_SERVER_FILES]
    : files.filter(onThisDatabase);
  if (include.length === 0) return [];
  const exclude =
    shared && db !== 'none' ? [...NOT_SHARED, ...NO_DATABASE, ...(db === 'pglite' ? POSTGRES_ONLY : [])] : [];
  return [
    {
      test: {
        name: `server${db === 'none' ? '' : `-${db}`}${shared ? '' : `-${group}`}`,
        include,
        exclude,
        ...(db === 'pglite' ? { globalSetup: ['./test/pglite-template.ts'] } : {}),
        ...(db === 'postgres' ? { globalSetup: ['./test/postgres-template.ts'] } : {}),
        environment: 'node',
        setupFiles: [failOnConsoleError],
        env: db === 'postgres' ? { TEST_DB: 'postgres', TEST_DATABASE_URL: postgresUrl } : { TEST_DB: 'pglite' },
        testTimeout: 30_000,
        hookTimeout: 60_000,
        // The files without a database import little, and several assert what a fresh process has cached
        // (fonts, shaping, layout): each keeps its own module graph.
        isolate: isolate || db === 'none',
        maxWorkers,
        sequence: { groupOrder },
      },
    },
  ];
}

const DATABASES: Database[] = ['none', 'pglite', 'postgres'];
const serverProjects = (['shared', 'processes', 'timed'] as const).flatMap((group) =>
  DATABASES.flatMap((db) => serverProject(db, group)),
);

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'domain',
          include: ['packages/domain/src/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          maxWorkers: BROWSER_SIDE.maxWorkers,
          sequence: { groupOrder: BROWSER_SIDE.groupOrder },
        },
      },
      {
        // Checks of the repository itself: its lint configuration against what the docs say of it.
        test: {
          name: 'repo',
          include: ['test/**/*.test.ts'],
          environment: 'node',
          setupFiles: [failOnConsoleError],
          maxWorkers: BROWSER_SIDE.maxWorkers,
          sequence: { groupOrder: BROWSER_SIDE.groupOrder },
        },
      },
      ...serverProjects,
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
          maxWorkers: BROWSER_SIDE.maxWorkers,
          sequence: { groupOrder: BROWSER_SIDE.groupOrder },
        },
      },
    ],
  },
});
