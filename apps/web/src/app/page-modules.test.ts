import { existsSync, readFileSync } from 'node:fs';
import { matchRoutes } from 'react-router';
import { describe, expect, test } from 'vitest';
import { PAGE_MODULES } from './page-modules';
import { routes } from './routes';

// Vitest runs from the repository's root.
const WEB_ROOT = `${process.cwd()}/apps/web`;
const routesSource = readFileSync(`${WEB_ROOT}/src/app/routes.tsx`, 'utf8');

describe('the modules preloaded for each page', () => {
  test.each(Object.entries(PAGE_MODULES))(
    '%s: its route exists and lazily loads exactly these modules',
    (path, modules) => {
      const matches = matchRoutes(routes, path) ?? [];
      // The page's own route, not the catch-all that sends unknown paths home.
      expect(matches.at(-1)?.route.path).toBe(path.slice(1));
      const lazyRoutes = matches.filter((m) => m.route.handle?.preload !== undefined);
      expect(lazyRoutes).toHaveLength(modules.length);
      for (const module of modules) {
        expect(existsSync(`${WEB_ROOT}/${module}`), module).toBe(true);
        const specifier = module.replace(/^src\//, '../').replace(/\.tsx?$/, '');
        expect(routesSource).toContain(`import('${specifier}')`);
      }
    },
  );
});
