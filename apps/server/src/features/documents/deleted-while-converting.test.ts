import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, userIdOf } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { convertOne } from './conversion-worker';
import type { ConverterThread } from './convert/converter-thread';
import { newUploadKey } from './document-keys';
import { insertDocument } from './documents-repository';
import { makePdf, makePng } from './test-files';

/**
 * Issue 48, item 12: an account deleted while one of its documents converts leaves nothing behind, not even
 * the empty folder the conversion's write made again. The conversion thread stands in for the seconds a
 * conversion takes: the account is deleted inside it, as a deletion can land there.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A PNG converts on the thread: LibreOffice is never asked. */
const NO_SOFFICE = { sofficePath: '', timeoutMs: 1000, memoryMb: 256 };

const filesDir = () => (t.deps.config.storage as { dir: string }).dir;
const folders = async (under: string) => readdir(path.join(filesDir(), under)).catch(() => [] as string[]);

async function uploadedDocument(email: string) {
  await loggedInClient(t, email);
  const userId = await userIdOf(t, email);
  const uploadKey = newUploadKey(userId, 'college_transcript_upload');
  await t.deps.storage.write(uploadKey, await makePng(), 'image/png');
  const id = randomUUID();
  await insertDocument(
    t.db,
    { id, userId, answerKey: 'college_transcript_upload', uploadKey, fileName: 'transcript.png', fileSize: 100 },
    t.clock.now(),
  );
  return { userId, id };
}

const converting = (during: () => Promise<void>, pdf: Uint8Array): ConverterThread => ({
  run: async () => {
    await during();
    return pdf;
  },
  close: async () => {},
});

describe('a document converting when its account is deleted', () => {
  it('converts into its folder while the account lives', async () => {
    const kept = await uploadedDocument('converting.kept@example.edu');
    const thread = converting(async () => {}, await makePdf('Transcript'));
    expect(await convertOne(t.deps, thread, NO_SOFFICE, kept.id, false, pino({ level: 'silent' }))).toBe('completed');
    expect(await folders('documents')).toContain(kept.userId);
  });

  it('leaves no folder of the deleted account behind', async () => {
    const gone = await uploadedDocument('converting.gone@example.edu');
    const thread = converting(
      async () => {
        await t.db.query('DELETE FROM users WHERE id = $1', [gone.userId]);
        await t.deps.storage.removeFolder(`documents/${gone.userId}/`);
      },
      await makePdf('Transcript'),
    );
    expect(await convertOne(t.deps, thread, NO_SOFFICE, gone.id, false, pino({ level: 'silent' }))).toBe('skipped');
    expect(await folders('documents')).not.toContain(gone.userId);
  });
});
