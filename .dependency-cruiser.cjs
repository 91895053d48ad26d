/**
 * The import graph (decision 033): no cycle anywhere, type imports included, and no server
 * feature reaching into another feature's files except through its public index.ts.
 */
const server = '^apps/server/src';
const tests = '[.]test[.]tsx?$|[.]test-helpers?[.]ts$|test-helpers[.]ts$|test-files[.]ts$';
/** Where tests' set-up lives: it builds the whole app, so production code importing it would run the house upside down. */
const testSupport = ['/test-support/', '^apps/web/src/test/', '^apps/web/src/features/[^/]+/tests/', tests];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle ties files together so neither can change or load alone; break it with a floor or injection.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'feature-through-its-index',
      severity: 'error',
      comment:
        'A feature is used by another only through its index.ts, so its files can change without breaking others; the composition root (app.ts, workers.ts) wires the rest.',
      from: { path: `${server}/features/([^/]+)/`, pathNot: tests },
      to: {
        path: `${server}/features/[^/]+/`,
        pathNot: [`${server}/features/$1/`, `${server}/features/[^/]+/index[.]ts$`],
      },
    },
    {
      name: 'floors-know-no-feature',
      severity: 'error',
      comment: 'core/, session/, http/ and infra/ lie under the features: they must not import one.',
      from: { path: `${server}/(core|session|http|infra)/`, pathNot: tests },
      to: { path: `${server}/features/` },
    },
    {
      name: 'no-test-code-in-production',
      severity: 'error',
      comment:
        'Test helpers live in test-support/ (or beside their test as *.test-helpers.ts) and only tests import them: one in a feature folder imported the whole app from below it (issue 40).',
      from: { path: '^(apps|packages)/', pathNot: testSupport },
      to: { path: testSupport },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Built output (apps/*/dist) is bundled code, not our modules: only the sources are checked.
    exclude: { path: 'node_modules|/dist/|[.]d[.]ts$' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'apps/server/tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mts', '.mjs', '.js'] },
  },
};
