import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp } from '../../test-support/test-app';
import { readPdfText } from '../../../../../test/pdf-text';
import { storedFiles } from '../documents/document-test-helpers';
import { submittedApplicant } from '../../test-support/staff-helpers';
import { createFormContext } from '../../core/form-context';
import { loadCopySource } from './application-copy';
import { copyVersion } from './copy-cache';
import { storedCopyKey } from './stored-copy';

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

  it("keeps a submitted application's copy in the object store, named by its version; a draft's stays in memory", async () => {
    const a = await submittedApplicant(t, 'pdf-stored@example.edu');
    const draft = await loggedInClient(t, 'pdf-draft-not-stored@example.edu');
    const before = drawn.count;
    const first = await expectOk(await a.client.get('/api/pdf/file'));
    expect(drawn.count).toBe(before + 1);
    const source = await loadCopySource(t.deps, createFormContext(t.deps.config.tenant), t.deps.config.tenant, {
      userId: a.userId,
      username: a.email,
    });
    const key = storedCopyKey(a.userId, copyVersion(source));
    expect(await storedFiles(t)).toContain(key);
    expect(Buffer.from((await t.deps.storage.read(key, 10_000_000))!).equals(first.rawPayload)).toBe(true);
    // A draft changes with every save: it is kept in memory only.
    await expectOk(await draft.get('/api/pdf/file'));
    expect((await storedFiles(t)).filter((f) => f.includes('application-copy'))).toEqual([key]);
  });
});
