import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/** The Fastify server that answers the app's calls in development (`npm run dev`). */
const API_ORIGIN = 'http://localhost:3000';

/**
 * Only these path prefixes belong to the server; everything else is the
 * single-page app. The trailing slash keeps e.g. /apiary from being proxied.
 */
const proxied = ['/public/', '/api/', '/service/', '/lookup/'];

/** Every way the app and its libraries ask for React, answered by Preact. */
const preactAliases = [
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
];

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Text that compresses; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy next to every text file of the
 * build, at the highest levels: done once here, so the server sends them
 * without compressing anything per request (@fastify/static preCompressed).
 * A copy that would not be smaller is not written; the server then sends the file as it is.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'admissions:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile() && COMPRESSIBLE.test(e.name))
        .map((e) => path.join(e.parentPath, e.name));
      await Promise.all(
        files.map(async (file) => {
          const body = await readFile(file);
          const [br, gzipped] = await Promise.all([
            brotli(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
            gz(body, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < body.length) await writeFile(`${file}.br`, br);
          if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
        }),
      );
    },
  };
}

export default defineConfig({
  // Pinned to this folder so the config gives the same result from any working
  // directory (`vite build` here, `vitest` at the repository root).
  root: decodeURIComponent(new URL('.', import.meta.url).pathname),
  plugins: [react(), precompress()],
  // The app renders with Preact's React compatibility layer: the same components, Radix,
  // React Router and TanStack Query, with a renderer a tenth of react-dom's size
  // (docs/decisions/023-preact-renderer.md).
  resolve: { alias: preactAliases },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        // React Router reads React.useOptimistic and falls back when the renderer has none.
        if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
        handler(level, log);
      },
    },
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
});
