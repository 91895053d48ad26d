import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * One style for the web's calls to the server (issue 40, docs/where-things-go.md): every `api/` folder holds
 * `<resource>-api.ts` files, their tests, and the one helper the staff's share.
 */
const WEB = path.resolve(import.meta.dirname, '../apps/web/src');
const SHARED_HELPERS = new Set(['features/staff/api/staff-query.ts']);

function apiFiles(dir: string, rel = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const here = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) return apiFiles(path.join(dir, e.name), here);
    return here.split('/').at(-2) === 'api' ? [here] : [];
  });
}

it('names every file of an api folder <resource>-api.ts (or its test)', () => {
  const files = apiFiles(WEB);
  expect(files).toContain('features/application/api/tabs-api.ts');
  const misnamed = files.filter((f) => !/-api(\.test)?\.tsx?$/.test(f) && !SHARED_HELPERS.has(f));
  expect(misnamed).toEqual([]);
});
