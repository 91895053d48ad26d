import { parentPort } from 'node:worker_threads';
import { renderApplicationPdf } from './application-pdf';
import type { Drawing, RenderJob, RenderResult } from './pdf-renderer';
import { renderSeparatorsPdf } from './separator-pdf';
import { renderWrittenLetterPdf } from './written-letter-pdf';

function drawn(drawing: Drawing): Promise<Buffer> {
  switch (drawing.kind) {
    case 'copy':
      return renderApplicationPdf(drawing.header, drawing.pages);
    case 'letter':
      return renderWrittenLetterPdf(drawing.letter);
    case 'separators':
      return renderSeparatorsPdf(drawing.separators);
  }
}

/** Draws each copy, letter or set of separators it is sent and posts the bytes (or the failure) back under the job's id. */
const port = parentPort;
if (!port) throw new Error('pdf-worker-thread runs only as a worker thread');

port.on('message', async ({ id, ...drawing }: RenderJob) => {
  let result: RenderResult;
  try {
    const pdf = await drawn(drawing);
    result = { id, pdf: new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength) };
  } catch (err) {
    result = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(result);
});
