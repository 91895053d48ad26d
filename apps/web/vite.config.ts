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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_ORIGIN }])),
  },
});
