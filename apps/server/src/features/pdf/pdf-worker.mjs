// Entry of the PDF drawing thread (see pdf-renderer.ts). Plain JavaScript so
// Node can start it as it is; it loads the TypeScript through tsx itself,
// whether the parent runs under tsx (production) or vitest (tests).
import { register } from 'tsx/esm/api';

register();
await import('./pdf-worker-thread.ts');
