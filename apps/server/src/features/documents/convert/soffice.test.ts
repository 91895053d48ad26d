import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDocxWithExternalImage, makePng } from '../test-files';
import { convertDocxWithSoffice } from './soffice';

/**
 * Defence in depth behind inspect-docx (which refuses such files first): even
 * when LibreOffice itself opens a docx whose pictures link to a local file and
 * to a local web server, it fetches neither. With default settings LibreOffice
 * 7.4 embeds the local file's picture in the PDF (RESEARCH.md; checked again
 * for decision 010), so this test fails if the profile or the sandbox is lost.
 */
describe('LibreOffice in its locked-down profile', () => {
  let dir: string;
  let server: Server;
  let hits = 0;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ap-soffice-test-'));
    server = createServer((_req, res) => {
      hits++;
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('fetches no linked picture, local or remote', async () => {
    const secret = path.join(dir, 'secret.png');
    await writeFile(secret, await makePng(200, 200));
    const { port } = server.address() as { port: number };
    const docx = makeDocxWithExternalImage(pathToFileURL(secret).href, `http://127.0.0.1:${port}/tracker.png`);
    const pdf = Buffer.from(
      await convertDocxWithSoffice(docx, { sofficePath: 'soffice', timeoutMs: 60_000, memoryMb: 1536 }),
    );
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(/\/Subtype\s*\/Image/.test(pdf.toString('latin1'))).toBe(false);
    expect(hits).toBe(0);
  });
});
