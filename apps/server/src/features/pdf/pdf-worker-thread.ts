import { parentPort } from 'node:worker_threads';
import { renderApplicationPdf } from './application-pdf';
import type { RenderJob, RenderResult } from './pdf-renderer';

/** Draws each copy it is sent and posts the bytes (or the failure) back under the job's id. */
const port = parentPort;
if (!port) throw new Error('pdf-worker-thread runs only as a worker thread');

port.on('message', async ({ id, header, pages }: RenderJob) => {
  let result: RenderResult;
  try {
    const pdf = await renderApplicationPdf(header, pages);
    result = { id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (err) {
    result = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(result);
});
