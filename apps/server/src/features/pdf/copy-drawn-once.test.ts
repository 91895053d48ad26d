import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { readPdfText } from '../../../../../test/pdf-text';

// The real renderer, counted: how many copies the routes draw.
const drawn = vi.hoisted(() => ({ count: 0 }));
vi.mock('./pdf-renderer', async (importOriginal) => {
  const real = await importOriginal<typeof import('./pdf-renderer')>();
  return {
    createPdfRenderer: () => {
      const renderer = real.createPdfRenderer();
      return {
        render: (...args: Parameters<typeof renderer.render>) => {
          drawn.count++;
          return renderer.render(...args);
        },
        close: () => renderer.close(),
      };
    },
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('the PDF copy', () => {
  it('is drawn once per change of the answers; the status call draws nothing', async () => {
    const client = await loggedInClient(t, 'pdf-once@example.edu');
    await save(client, { first_name: 'Ada', last_name: 'Lovelace' });
    for (let i = 0; i < 3; i++) {
      expect((await expectOk(await client.get('/api/pdf'))).json()).toMatchObject({ status: 'completed' });
    }
    expect(drawn.count).toBe(0);

    const first = await expectOk(await client.get('/api/pdf/file'));
    const again = await expectOk(await client.get('/api/pdf/file'));
    expect(drawn.count).toBe(1);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect((await readPdfText(first.rawPayload)).lines.join('\n')).toContain('Ada Lovelace');

    // A saved change is a new copy, drawn at the next download, showing the change.
    await save(client, { first_name: 'Augusta' });
    const changed = await expectOk(await client.get('/api/pdf/file'));
    expect(drawn.count).toBe(2);
    const text = (await readPdfText(changed.rawPayload)).lines.join('\n');
    expect(text).toContain('Augusta Lovelace');
    expect(text).not.toContain('Ada Lovelace');
  });
});
