import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrate } from '../apps/server/src/infra/db/migrate';
import { createPgliteDb } from '../apps/server/src/infra/db/pglite-db';

/**
 * Migrate once, copy per test file: initdb in WASM costs seconds, loading a
 * dump of an already migrated database a fraction of that.
 */
export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ap-pglite-template-'));
  const file = path.join(dir, 'migrated.tar');
  const db = await createPgliteDb(undefined);
  await migrate(db);
  await writeFile(file, Buffer.from(await (await db.dumpDataDir()).arrayBuffer()));
  await db.close();
  project.provide('pgliteTemplate', file);
  return () => rm(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
