/**
 * The import graph (decision 033): no cycle anywhere, type imports included, and no server
 * feature reaching into another feature's files except through its public index.ts.
 */
const server = '^apps/server/src';
const tests = '[.]test[.]tsx?$|[.]test-helpers?[.]ts$|test-helpers[.]ts$|test-files[.]ts$';
/** Where tests' set-up lives: it builds the whole app, so production code importing it would run the house upside down. */
const testSupport = ['/test-support/', '^apps/web/src/test/', '^apps/web/src/features/[^/]+/tests/', tests];

/**
 * The order in which server features may use each other (issue 40), lowest first: a feature uses only
 * features of the layers below its own, never one of its own layer or above. This list is the one
 * source of the order; docs/where-things-go.md's table mirrors it (test/feature-layers.test.ts keeps the
 * two, and the folders in features/, the same). Each feature stands in the lowest layer its imports
 * allow, so a new import that climbs means moving the feature up here (and in the table) on purpose.
 */
const FEATURE_LAYERS = [
  ['api-tokens', 'client-errors', 'documents', 'lookup', 'operations', 'tenant', 'webhooks'],
  ['mail', 'pdf'],
  ['accounts', 'recommendations'],
  ['checklist', 'housekeeping', 'staff-mfa', 'staff-sso', 'team'],
  ['staff'],
  ['decisions', 'messages', 'office-items', 'payments', 'reports', 'service'],
  ['api-v1', 'cycles', 'exports', 'status'],
  ['application', 'my-data'],
  ['retention'],
];
const features = (names) => `${server}/features/(${names.join('|')})/`;
/** One rule a layer: its features import no feature of their own layer or above (tests may set up through any). */
const featureLayerRules = FEATURE_LAYERS.map((layer, n) => ({
  name: `feature-layer-${n}`,
  severity: 'error',
  comment: `Layer ${n} (${layer.join(', ')}) ${n === 0 ? 'uses no other feature' : `uses only features of layers 0 to ${n - 1}`}: docs/where-things-go.md has the order; move the shared piece down, or have app.ts or workers.ts wire it in.`,
  from: { path: features(layer), pathNot: tests },
  to: { path: features(FEATURE_LAYERS.slice(n).flat()), pathNot: `${server}/features/$1/` },
}));

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
    ...featureLayerRules,
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
