// One lint configuration for the whole repository. Besides the usual correctness rules, it keeps
// imports flowing one way (domain, then server or web features, then the app) with no cycles.
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const server = 'apps/server/src';
const web = 'apps/web/src';
const serverFeatures = readdirSync(`${import.meta.dirname}/${server}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** Server files that set a test up and may reach into any feature to do it. */
const serverTestFiles = [
  `${server}/**/*.test.ts`,
  `${server}/**/*.test-helper.ts`,
  `${server}/**/*-test-helpers.ts`,
  `${server}/**/*.test-helpers.ts`,
  `${server}/**/test-files.ts`,
];

/** Imports run one way: domain, then server or web features, then the app that composes them. */
const layerZones = [
  // The domain package runs in the browser and in Node: it knows nothing of either app.
  {
    target: 'packages/domain',
    from: ['apps', 'e2e', 'bench'],
    message: 'The domain package must not import the apps.',
  },
  // Server: infrastructure adapters know no feature; features know nothing of the composition root.
  {
    target: `${server}/infra`,
    from: [`${server}/features`, `${server}/http`, `${server}/core`, `${server}/session`],
    message: 'Adapters must not depend on features.',
  },
  // The floors every feature stands on (decision 033) know no feature.
  {
    target: [`${server}/core`, `${server}/session`, `${server}/http`],
    from: `${server}/features`,
    message: 'core/, session/ and http/ lie under the features: move what they need down, or inject it.',
  },
  {
    target: `${server}/features`,
    from: [
      `${server}/app.ts`,
      `${server}/server.ts`,
      `${server}/serve.ts`,
      `${server}/workers.ts`,
      `${server}/create-deps.ts`,
    ],
    message: 'Features must not import the app that composes them.',
  },
  // Web: primitives and the api client know neither shared/ nor a feature; features know nothing of the app shell.
  {
    target: [`${web}/lib`, `${web}/components`],
    from: [`${web}/features`, `${web}/shared`, `${web}/app`],
    message: 'components/ and lib/ must not depend on shared/, features or the app.',
  },
  // The floor every feature stands on (the session, the site layout, the tenant's settings) knows no feature.
  {
    target: `${web}/shared`,
    from: [`${web}/features`, `${web}/app`],
    message: 'shared/ lies under the features: move what it needs down, or let the feature pass it in.',
  },
  { target: `${web}/features`, from: `${web}/app`, message: 'Features must not import the app shell.' },
  // The two apps never import each other.
  { target: 'apps/web', from: 'apps/server', message: 'The web app must not import the server.' },
  { target: 'apps/server', from: 'apps/web', message: 'The server must not import the web app.' },
];
/**
 * A server feature uses another only through its public index.ts (decision 033), so a feature's files can
 * change without breaking others and no two features grow into each other; app.ts and workers.ts wire the rest.
 * Type imports count too. Tests may set up through any feature.
 */
const featureZones = serverFeatures.flatMap((feature) =>
  serverFeatures
    .filter((other) => other !== feature)
    .map((other) => ({
      target: `${server}/features/${feature}`,
      from: `${server}/features/${other}`,
      except: ['./index.ts'],
      message: `Import what ${other} shares from its index.ts ('../${other}'), or have app.ts or workers.ts wire it in.`,
    })),
);
/** The zones a web test may cross: it may render the app shell, or a feature, around what it tests. */
const webTestCrossings = [`${web}/features`, `${web}/shared`];

/**
 * Web features stand in layers (docs/where-things-go.md), lowest first: a feature imports only features of the
 * layers below its own, so no two features import each other, even through a third. The web has no index.ts
 * entries (a feature's components are what others render), so the order is the rule, not the entry. Every folder
 * of apps/web/src/features must stand in one layer; a feature that needs one of its own layer or above moves the
 * shared piece down (to a lower feature, shared/, components/ or lib/), or is moved up here on purpose.
 */
const webFeatureLayers = [
  ['applications', 'integrations', 'messages', 'payments', 'pdf', 'staff-sign-in'],
  ['auth', 'documents'],
  ['cycles', 'recommendations', 'service'],
  ['status'],
  ['decisions'],
  ['application', 'staff'],
  ['reports'],
];
const webFeatures = readdirSync(`${import.meta.dirname}/${web}/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const unplaced = webFeatures.filter((feature) => !webFeatureLayers.flat().includes(feature));
if (unplaced.length > 0) {
  throw new Error(`eslint.config.js: put the web feature(s) ${unplaced.join(', ')} in a layer of webFeatureLayers.`);
}
const webFeatureZones = webFeatureLayers.flatMap((layer, n) =>
  layer
    .map((feature) => ({
      target: `${web}/features/${feature}`,
      from: webFeatureLayers
        .slice(n)
        .flat()
        .filter((other) => other !== feature)
        .map((other) => `${web}/features/${other}`),
      message: `${feature} stands in web layer ${n}: it imports only features of the layers below (eslint.config.js, docs/where-things-go.md). Move the shared piece down to a lower feature, shared/, components/ or lib/.`,
    }))
    .filter((zone) => zone.from.length > 0),
);
/** Web files that set a test up, and may render any feature to do it. */
const webTestFiles = [`${web}/**/*.test.{ts,tsx}`, `${web}/features/*/tests/**`, `${web}/test/**`];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.tmp/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
      'data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  importX.flatConfigs.typescript,
  {
    files: ['**/*.{ts,tsx,js,mjs,mts,cjs}'],
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/domain/tsconfig.json',
            'apps/*/tsconfig.json',
            'e2e/tsconfig.json',
            'bench/tsconfig.json',
          ],
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
  {
    files: [`${server}/features/**/*.{ts,tsx}`],
    ignores: serverTestFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }] },
  },
  {
    files: [`${web}/**/*.{ts,tsx}`],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Schemas run code when imported, so the bundle would carry zod (decision 024).
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@admissions/domain/schemas',
              message: 'Server-side schemas: import their types from @admissions/domain.',
            },
            { name: 'zod', message: 'The browser checks answers with the domain rules; zod stays on the server.' },
            {
              name: '@tanstack/react-query',
              importNames: ['useMutation'],
              message:
                "Use lib/use-mutation.ts: under Preact, TanStack's own drops mutate()'s callbacks in a screen's first frame.",
            },
          ],
        },
      ],
    },
  },
  {
    files: [`${web}/features/**/*.{ts,tsx}`],
    ignores: webTestFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...webFeatureZones] }] },
  },
  {
    // The wrapper, and its test that shows why it exists.
    files: [`${web}/lib/use-mutation.ts`, `${web}/lib/use-mutation.test.tsx`],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // A test may render the whole app shell around the feature it tests, and a test of shared/ a feature.
    files: [`${web}/**/*.test.{ts,tsx}`],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: layerZones.filter((zone) => !webTestCrossings.includes(zone.target)) },
      ],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/schemas/**', 'packages/domain/src/schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'The domain package runs in the browser too.' },
            {
              group: ['**/schemas', '**/schemas/*'],
              allowTypeImports: true,
              message: 'Only types from src/schemas: its values would bring zod into the browser.',
            },
          ],
          // A schema built at import time would bring zod into the browser's bundle.
          paths: [{ name: 'zod', message: 'Schemas belong in src/schemas (the server-only entry).' }],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/schemas/**/*.ts', 'packages/domain/src/schemas.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['node:*'], message: 'The domain package runs in the browser too.' }] },
      ],
    },
  },
  prettier,
);
