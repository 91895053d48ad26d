import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { SAMPLE_TENANT_CONFIG } from './config';
import type { Db } from './infra/db/db';
import { processDatabase } from './test-support/process-database';
import { freePort, startServerProcess, type ServerProcess } from './test-support/server-process';

const serverRoot = path.resolve(import.meta.dirname, '..');

/** The source files a start of this entry can load, as esbuild's bundle of it (dynamic imports included) lists them. */
async function modulesOf(entry: string): Promise<string[]> {
  const { metafile } = await build({
    entryPoints: [path.join(serverRoot, entry)],
    bundle: true,
    write: false,
    metafile: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    packages: 'external',
    logLevel: 'silent',
  });
  return Object.keys(metafile.inputs);
}

/**
 * Decision 053: the browser journeys move the server's clock through a control
 * that only their own entry (test-support/e2e-server.ts) opens, on a port of
 * its own. The product, started as `npm start` starts it, has no such control.
 */
describe('the e2e clock control', () => {
  const started: ServerProcess[] = [];
  const dbs: Db[] = [];
  afterAll(async () => {
    await Promise.all(started.map((s) => s.stop()));
    await Promise.all(dbs.map((d) => d.close()));
  });

  async function start(entry: string, controlPort: number) {
    const database = await processDatabase();
    if (database.db) dbs.push(database.db);
    const server = await startServerProcess(
      { ...database.env, E2E_CLOCK_PORT: String(controlPort) },
      {
        entry,
        // PGlite starts from source slowly on a busy machine.
        startTimeoutMs: 120_000,
      },
    );
    started.push(server);
    return server;
  }

  it('the e2e entry moves its clock forward from its control port', async () => {
    const controlPort = await freePort();
    await start('src/test-support/e2e-server.ts', controlPort);
    const control = `http://127.0.0.1:${controlPort}`;
    const before = Date.now();
    const now = (await (await fetch(`${control}/now`)).json()) as { now: string };
    expect(Math.abs(Date.parse(now.now) - before)).toBeLessThan(60_000);

    const moved = await fetch(`${control}/advance?ms=${3_600_000}`, { method: 'POST' });
    expect(moved.status).toBe(200);
    const after = (await moved.json()) as { now: string; released: number };
    expect(Date.parse(after.now) - Date.now()).toBeGreaterThan(3_500_000);
    expect(after.released).toBe(0);
    expect((await fetch(`${control}/advance?ms=-5`, { method: 'POST' })).status).toBe(400);

    // An application moved to an earlier cycle (the journeys' closed cycle): never the open one, never an account
    // that has none. The move itself is shown by e2e/tests/applicant-states.spec.ts.
    const close = (query: string) => fetch(`${control}/close-cycle?${query}`, { method: 'POST' });
    expect((await close('email=nobody%40example.edu&cycle=2025-26')).status).toBe(404);
    expect((await close('email=nobody%40example.edu')).status).toBe(400);
    const open = (JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as { cycle: { id: string } }).cycle.id;
    expect((await close(`email=nobody%40example.edu&cycle=${open}`)).status).toBe(400);
  }, 180_000);

  it('the product opens no control, even with E2E_CLOCK_PORT set, and answers none on its own port', async () => {
    const controlPort = await freePort();
    const product = await start('src/server.ts', controlPort);
    expect((await fetch(`${product.url}/public/tenant`)).status).toBe(200);
    await expect(fetch(`http://127.0.0.1:${controlPort}/now`)).rejects.toThrow();
    for (const url of ['/now', '/api/now']) expect((await fetch(`${product.url}${url}`)).status).toBe(404);
    for (const url of ['/advance?ms=60000', '/api/advance?ms=60000']) {
      const res = await fetch(`${product.url}${url}`, { method: 'POST', headers: { origin: product.url } });
      expect(res.status).toBe(404);
    }
  }, 180_000);

  it('no module of the product’s entry loads the control or the movable clock', async () => {
    const e2e = await modulesOf('src/test-support/e2e-server.ts');
    expect(e2e.some((m) => m.endsWith('src/test-support/offset-clock.ts'))).toBe(true);
    const product = await modulesOf('src/server.ts');
    expect(product.some((m) => m.endsWith('src/serve.ts'))).toBe(true);
    expect(product.filter((m) => m.includes('test-support/'))).toEqual([]);
  }, 60_000);
});
