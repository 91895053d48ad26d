// Entry of the conversion thread (see converter-thread.ts) when the server runs
// from source: under tsx (`npm run dev`) or vitest (tests). Plain JavaScript so
// Node can start it as it is; it loads the TypeScript through tsx itself. The
// compiled server starts dist/convert-worker.js instead (apps/server/build.mjs).
import { register } from 'tsx/esm/api';

register();
await import('./convert-thread.ts');
