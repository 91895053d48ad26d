import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_MODULES } from '../src/app/page-modules';

/**
 * Code splitting by page (vite.config.ts; docs/decisions/028-one-chunk-a-feature.md).
 * Over HTTP/1.1 a browser opens six connections to a host, so a page made of
 * two dozen small chunks waited for several round trips one after another.
 * Now the entry's own modules are one chunk; every module that the lazy
 * modules of one feature (PAGE_MODULES, by src/features/<feature>/) import,
 * directly or not, is that feature's chunk; and what several features import
 * is one shared chunk. A module only ever imported on demand (a dialog, a
 * popover) keeps a chunk of its own, fetched when it is first needed.
 *
 * The import graph counts an import of a barrel (the domain's index) as an
 * import of all it re-exports, so the shared chunk holds a little that some
 * pages do not run: /login fetches the form definition, which the form's
 * pages, where an applicant goes next, then have from the cache.
 */
export function pageChunks(root: string): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  let familyOf = new Map<string, Set<string>>();
  const families = (moduleId: string) => familyOf.get(moduleId)?.size ?? 0;
  return {
    plugin: {
      name: 'admissions:page-chunks',
      apply: 'build',
      buildEnd() {
        familyOf = reachedBy(root, (id) => this.getModuleInfo(id)?.importedIds ?? []);
      },
    },
    groups: [
      { name: 'entry', tags: ['$initial'], priority: 3 },
      { name: 'shared', test: (moduleId) => families(moduleId) > 1, priority: 2 },
      {
        name: (moduleId) => (families(moduleId) === 1 ? [...familyOf.get(moduleId)!][0]! : null),
        debugName: 'page families',
        priority: 1,
      },
    ],
  };
}

/** For each module, the page families whose lazy modules import it, directly or not. */
function reachedBy(root: string, importsOf: (id: string) => readonly string[]): Map<string, Set<string>> {
  const familyOf = new Map<string, Set<string>>();
  for (const [family, starts] of pageFamilies()) {
    const stack = starts.map((source) => path.resolve(root, source));
    const seen = new Set<string>();
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (seen.has(id)) continue;
      seen.add(id);
      (familyOf.get(id) ?? familyOf.set(id, new Set()).get(id)!).add(family);
      stack.push(...importsOf(id));
    }
  }
  return familyOf;
}

/** PAGE_MODULES' modules by feature (src/features/<feature>/…): one chunk a feature. */
function pageFamilies(): Map<string, string[]> {
  const families = new Map<string, string[]>();
  for (const source of new Set(Object.values(PAGE_MODULES).flat())) {
    const feature = /features\/([^/]+)\//.exec(source)?.[1] ?? path.basename(source).replace(/\.tsx?$/, '');
    families.set(feature, [...(families.get(feature) ?? []), source]);
  }
  return families;
}
