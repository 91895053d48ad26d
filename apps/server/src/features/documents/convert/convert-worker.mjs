// Entry of the conversion thread (see converter-thread.ts). Plain JavaScript so
// Node can start it as it is; it loads the TypeScript through tsx itself,
// whether the parent runs under tsx (production) or vitest (tests).
import { register } from 'tsx/esm/api';

register();
await import('./convert-thread.ts');
