import type { Rolldown } from 'vite';
import { describe, expect, test } from 'vitest';
import { pageChunks } from './page-chunks';

const ROOT = '/web';
const LAYOUT = `${ROOT}/src/features/application/components/application-layout.tsx`;
const STEPS = `${ROOT}/src/features/application/routes/step-routes.tsx`;
const LOGIN = `${ROOT}/src/features/auth/screens/login-screen.tsx`;
const SIGNUP = `${ROOT}/src/features/auth/screens/signup-screen.tsx`;
const STAFF = `${ROOT}/src/features/staff/routes/console-route.tsx`;

/** A build's import graph: the lazy modules of PAGE_MODULES and what they import. */
const IMPORTS: Record<string, string[]> = {
  [LAYOUT]: ['/web/src/form/field.tsx', '/web/src/ui/button.tsx'],
  [STEPS]: ['/web/src/form/field.tsx', '/web/src/form/steps.ts'],
  [LOGIN]: ['/web/src/ui/button.tsx', '/web/src/auth/password.tsx'],
  [SIGNUP]: ['/web/src/auth/password.tsx'],
  '/web/src/ui/button.tsx': ['/web/src/ui/focus-ring.ts'],
};

function chunkOf(moduleId: string): string | null {
  const { plugin, groups } = pageChunks(ROOT);
  const buildEnd = plugin.buildEnd as (this: Pick<Rolldown.PluginContext, 'getModuleInfo'>) => void;
  buildEnd.call({
    getModuleInfo: (id: string) => ({ importedIds: IMPORTS[id] ?? [] }) as unknown as Rolldown.ModuleInfo,
  });
  const [, shared, byFeature] = groups;
  if ((shared!.test as (id: string) => boolean)(moduleId)) return 'shared';
  const name = byFeature!.name as Rolldown.CodeSplittingNameFunction;
  return name(moduleId, {} as Rolldown.ChunkingContext) ?? null;
}

describe('chunks by page', () => {
  test("a feature's lazy modules and everything only they import make one chunk", () => {
    expect(chunkOf(LAYOUT)).toBe('application');
    expect(chunkOf(STEPS)).toBe('application');
    expect(chunkOf('/web/src/form/field.tsx')).toBe('application');
    expect(chunkOf('/web/src/form/steps.ts')).toBe('application');
    expect(chunkOf(LOGIN)).toBe('auth');
    expect(chunkOf(SIGNUP)).toBe('auth');
    expect(chunkOf('/web/src/auth/password.tsx')).toBe('auth');
    expect(chunkOf(STAFF)).toBe('staff');
  });

  test('what several features import, directly or not, is one shared chunk', () => {
    expect(chunkOf('/web/src/ui/button.tsx')).toBe('shared');
    expect(chunkOf('/web/src/ui/focus-ring.ts')).toBe('shared');
  });

  test('a module no page imports statically is left to be fetched when first needed', () => {
    expect(chunkOf('/web/src/dialogs/confirm-dialog.tsx')).toBeNull();
  });
});
