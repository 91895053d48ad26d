import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import prefresh from '@prefresh/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption, type Rollup } from 'vite';
import { pageChunks } from './build/page-chunks';
import { PAGE_MODULES } from './src/app/page-modules';

/** The Fastify server that answers the app's calls in development (`npm run dev`), on its PORT. */
const API_ORIGIN = `http://localhost:${process.env.PORT || 3000}`;

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

/** Read by the server (apps/server/src/http/page-preloads.ts); under .vite/, which is never served. */
const PAGE_PRELOADS_FILE = '.vite/page-preloads.json';

/**
 * Writes, for each page of PAGE_MODULES, the files its lazy routes need
 * (their chunks, the chunks those import, and their CSS), leaving out what
 * index.html loads already. The server names them in the page's Link header.
 */
function pagePreloads(): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'admissions:page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((o): o is Rollup.OutputChunk => o.type === 'chunk');
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      // The chunk holding each module: a lazy module shares its chunk with the rest of its page (page-chunks.ts).
      const bySource = new Map(
        chunks.flatMap((c) => c.moduleIds.map((id) => [path.relative(root, id).split(path.sep).join('/'), c] as const)),
      );
      const closure = (start: Rollup.OutputChunk[], skip: ReadonlySet<string>) => {
        const files = new Set<string>();
        const visit = (chunk: Rollup.OutputChunk) => {
          if (files.has(chunk.fileName) || skip.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) if (!skip.has(css)) files.add(css);
          for (const imported of chunk.imports) visit(byFile.get(imported)!);
        };
        start.forEach(visit);
        return files;
      };
      const inHtml = closure(
        chunks.filter((c) => c.isEntry),
        new Set(),
      );
      const preloads: Record<string, string[]> = {};
      for (const [page, sources] of Object.entries(PAGE_MODULES)) {
        const starts = sources.map((source) => {
          const chunk = bySource.get(source);
          if (!chunk) this.error(`PAGE_MODULES names ${source} for ${page}, which is in no chunk of the build.`);
          return chunk;
        });
        preloads[page] = [...closure(starts, inHtml)].map((file) => `${base}${file}`);
      }
      this.emitFile({ type: 'asset', fileName: PAGE_PRELOADS_FILE, source: JSON.stringify(preloads) });
    },
  };
}

const root = decodeURIComponent(new URL('.', import.meta.url).pathname);
const chunks = pageChunks(root);

export default defineConfig(({ command, mode }) => {
  const dev = command === 'serve' && mode !== 'test';
  return {
    // Pinned to this folder so the config gives the same result from any working
    // directory (`vite build` here, `vitest` at the repository root).
    root,
    // The dev server (`npm run dev`) swaps edited components in place with Prefresh, which keeps their
    // state under Preact (React's Fast Refresh needs react-dom); the build and the tests keep React's
    // plugin for JSX, so what they compile is unchanged (docs/decisions/034-one-worker-pool-compiled-threads-and-dev-server.md).
    plugins: [dev ? (prefresh() as PluginOption) : react(), chunks.plugin, pagePreloads(), precompress()],
    // The app renders with Preact's React compatibility layer: the same components, Radix,
    // React Router and TanStack Query, with a renderer a tenth of react-dom's size
    // (docs/decisions/023-preact-renderer.md).
    resolve: { alias: preactAliases },
    // Prefresh compiles JSX itself, for the automatic runtime the app is written in, taken from Preact.
    ...(dev ? { oxc: { jsx: { runtime: 'automatic' as const, importSource: 'preact' } } } : {}),
    build: {
      outDir: 'dist',
      emptyOutDir: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: chunks.groups,
          },
        },
        onLog(level, log, handler) {
          // React Router reads React.useOptimistic and falls back when the renderer has none.
          if (log.code === 'IMPORT_IS_UNDEFINED' && log.message.includes('useOptimistic')) return;
          handler(level, log);
        },
      },
    },
    server: {
      // A fixed port: the API's PUBLIC_URL in `npm run dev` names it (links in e-mails, the allowed origin).
      port: 5173,
      strictPort: true,
      proxy: Object.fromEntries(proxied.map((prefix) => [prefix, { target: API_ORIGIN }])),
    },
  };
});
