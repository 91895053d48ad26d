import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './precompress';

/** The Fastify server that answers the app's calls in development (`npm run dev`). */
const API_ORIGIN = 'http://localhost:3000';

/**
 * Only these path prefixes belong to the server; everything else is the
 * single-page app. The trailing slash keeps e.g. /apiary from being proxied.
 */
const proxied = ['/public/', '/api/', '/service/', '/lookup/'];

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
