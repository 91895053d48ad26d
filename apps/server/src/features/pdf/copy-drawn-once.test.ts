import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { completeAnswers } from '@admissions/domain/testing';
import { loggedInClient, save, userIdOf } from '../../test-support/application-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { readPdfText } from '../../../../../test/pdf-text';
import { storedFiles } from '../../test-support/document-helpers';
import { submittedApplicant } from '../../test-support/staff-helpers';
import { createFormContext } from '../../core/form-context';
import { loadCopySource } from './application-copy';
import { DRAW_AHEAD_HANDOFF_MS } from './applicant-copies';
import { copyVersion } from './copy-cache';
import { storedCopyKey } from './stored-copy';

// The real renderer, counted: how many copies the routes draw. A test may hold drawings back until it
// lets them go (`gate`), or make them fail (`fail`).
const drawn = vi.hoisted(() => ({ count: 0, gate: null as Promise<void> | null, fail: false }));
vi.mock('./pdf-renderer', async (importOriginal) => {
  const real = await importOriginal<typeof import('./pdf-renderer')>();
  return {
    createPdfRenderer: () => {
      const renderer = real.createPdfRenderer();
      return {
        render: async (...args: Parameters<typeof renderer.render>) => {
          drawn.count++;
          await drawn.gate;
          if (drawn.fail) throw new Error('drawing failed (test)');
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

/** Asks the copy's status, as the completion page does, until it says `status` (or 30 s pass). */
async function statusBecomes(client: TestClient, status: 'completed' | 'failed') {
  await vi.waitFor(async () => expect((await client.get('/api/pdf')).json()).toMatchObject({ status }), {
    timeout: 30_000,
    interval: 50,
  });
}

describe('the PDF copy', () => {
  it('is drawn once per change of the answers; the status call draws nothing for a draft', async () => {
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
    const before = drawn.count;
    const a = await submittedApplicant(t, 'pdf-stored@example.edu');
    const draft = await loggedInClient(t, 'pdf-draft-not-stored@example.edu');
    const first = await expectOk(await a.client.get('/api/pdf/file'));
    // Drawn once, at the submission (or the download joined that drawing).
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

  it('is drawn the moment the application is submitted: the status says in_progress until it is ready, and the download is that copy', async () => {
    const applicant = await loggedInClient(t, 'pdf-ahead@example.edu');
    await save(applicant, completeAnswers());
    let letGo!: () => void;
    drawn.gate = new Promise<void>((resolve) => (letGo = resolve));
    const before = drawn.count;
    try {
      await expectOk(await applicant.post('/api/submit'));
      expect(drawn.count).toBe(before + 1);
      expect((await expectOk(await applicant.get('/api/pdf'))).json()).toEqual({
        status: 'in_progress',
        url: '',
        message: 'Your PDF copy is being prepared.',
      });
    } finally {
      drawn.gate = null;
      letGo();
    }
    await statusBecomes(applicant, 'completed');
    const copy = await expectOk(await applicant.get('/api/pdf/file'));
    expect(drawn.count).toBe(before + 1);
    expect((await readPdfText(copy.rawPayload)).lines.join('\n')).toContain('Submitted at');
  });

  it("says 'completed' only once the submitted copy is in the store, so any process reads it from there", async () => {
    const applicant = await loggedInClient(t, 'pdf-store-first@example.edu');
    await save(applicant, completeAnswers());
    // The store is slow (S3 on deadline night): the copy's write waits until the test lets it go.
    const write = t.deps.storage.write.bind(t.deps.storage);
    let letGo!: () => void;
    const held = new Promise<void>((resolve) => (letGo = resolve));
    let copyWrites = 0;
    const spy = vi.spyOn(t.deps.storage, 'write').mockImplementation(async (key, bytes, type) => {
      if (key.includes('application-copy')) {
        copyWrites++;
        await held;
      }
      return write(key, bytes, type);
    });
    try {
      await expectOk(await applicant.post('/api/submit'));
      await vi.waitFor(() => expect(copyWrites).toBe(1), { timeout: 30_000, interval: 20 });
      // Drawn, not yet stored: another process asked now would find nothing in the store.
      expect((await expectOk(await applicant.get('/api/pdf'))).json()).toMatchObject({ status: 'in_progress' });
      letGo();
      await statusBecomes(applicant, 'completed');
      const userId = await userIdOf(t, 'pdf-store-first@example.edu');
      expect((await storedFiles(t)).filter((f) => f.startsWith(`documents/${userId}/application-copy`))).toHaveLength(
        1,
      );
    } finally {
      letGo();
      spy.mockRestore();
    }
  });

  it('leaves a submission taken by another process to that process for a while, then draws it itself', async () => {
    const applicant = await loggedInClient(t, 'pdf-handoff@example.edu');
    await save(applicant, completeAnswers());
    // Submitted elsewhere: this process took no submission, so it draws nothing ahead.
    await t.db.query(`UPDATE applications SET submitted_at = $2 WHERE user_id = $1`, [
      await userIdOf(t, 'pdf-handoff@example.edu'),
      t.clock.now(),
    ]);
    const before = drawn.count;
    expect((await expectOk(await applicant.get('/api/pdf'))).json()).toMatchObject({ status: 'in_progress' });
    expect(drawn.count).toBe(before);

    t.clock.advance(DRAW_AHEAD_HANDOFF_MS);
    expect((await expectOk(await applicant.get('/api/pdf'))).json()).toMatchObject({ status: 'in_progress' });
    expect(drawn.count).toBe(before + 1);
    await statusBecomes(applicant, 'completed');
    await expectOk(await applicant.get('/api/pdf/file'));
    expect(drawn.count).toBe(before + 1);
  });

  it('says a failed drawing once, with the message; asked again (Try again) it draws the copy anew', async () => {
    const applicant = await loggedInClient(t, 'pdf-fails@example.edu');
    await save(applicant, completeAnswers());
    drawn.fail = true;
    try {
      await expectOk(await applicant.post('/api/submit'));
      await statusBecomes(applicant, 'failed');
    } finally {
      drawn.fail = false;
    }
    const before = drawn.count;
    expect((await expectOk(await applicant.get('/api/pdf'))).json()).toMatchObject({ status: 'in_progress' });
    expect(drawn.count).toBe(before + 1);
    await statusBecomes(applicant, 'completed');
    expect((await expectOk(await applicant.get('/api/pdf/file'))).headers['content-type']).toBe('application/pdf');
  });
});

describe('closing the server', () => {
  it("waits for a just-submitted application's copy to be drawn and stored, instead of cutting it off", async () => {
    // Its own server: this one closes in the middle of the test.
    const own = await startTestApp();
    try {
      const applicant = await loggedInClient(own, 'pdf-close@example.edu');
      await save(applicant, completeAnswers());
      let letGo!: () => void;
      drawn.gate = new Promise<void>((resolve) => (letGo = resolve));
      const before = drawn.count;
      await expectOk(await applicant.post('/api/submit'));
      await vi.waitFor(() => expect(drawn.count).toBe(before + 1), { timeout: 10_000, interval: 10 });

      // SIGTERM comes while the copy is on the drawing thread.
      const closing = own.app.close();
      drawn.gate = null;
      letGo();
      await closing;
      const userId = await userIdOf(own, 'pdf-close@example.edu');
      expect((await storedFiles(own)).filter((f) => f.startsWith(`documents/${userId}/application-copy`))).toHaveLength(
        1,
      );
    } finally {
      drawn.gate = null;
      await own.close();
    }
  });
});
