/** Defined as true by apps/server/build.mjs: the code runs from the compiled dist/. */
declare const COMPILED_SERVER: boolean | undefined;

/**
 * Where a thread starts. From source (npm run dev, the tests) that is the
 * feature's `.mjs` entry, which loads its TypeScript through tsx; in the
 * compiled server it is `dist/<compiled>.js`, which build.mjs bundles from the
 * same thread module, so production loads neither src/ nor tsx. In dist/ every
 * import.meta.url points at the module's source file (build.mjs), so dist/ is
 * found from this file's place in src/.
 */
export function threadEntry(source: URL, compiled: string): URL {
  return typeof COMPILED_SERVER === 'boolean' && COMPILED_SERVER
    ? new URL(`../../../dist/${compiled}.js`, import.meta.url)
    : source;
}
