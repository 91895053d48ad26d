import { describe, expect, it } from 'vitest';
import { loadPlaces } from './zip-code-provider';

const thread = (code: string) => new URL(`data:text/javascript,${encodeURIComponent(code)}`);

describe('the ZIP-code places, loaded in a thread', () => {
  it('come back as ZIP code, city, state and country', async () => {
    const places = await loadPlaces();
    expect(places.length).toBeGreaterThan(40_000);
    expect(places).toContainEqual(['02139', 'Cambridge', 'MA', 'US']);
  });

  it("come back after what Node's watch mode posts first, the files the thread loaded (npm run dev)", async () => {
    const places = await loadPlaces(
      thread(`import { parentPort } from 'node:worker_threads';
parentPort.postMessage({ 'watch:import': ['file:///places.mjs'] });
parentPort.postMessage([['02139', 'Cambridge', 'MA', 'US']]);`),
    );
    expect(places).toEqual([['02139', 'Cambridge', 'MA', 'US']]);
  });

  it('fail with a clear error when the thread stops or throws before it answers, instead of waiting for ever', async () => {
    await expect(loadPlaces(thread('process.exit(3)'))).rejects.toThrow(
      'the ZIP-code thread stopped before it answered (exit code 3)',
    );
    await expect(loadPlaces(thread("throw new Error('no package')"))).rejects.toThrow('no package');
  });
});
