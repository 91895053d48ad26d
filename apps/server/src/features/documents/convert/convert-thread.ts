import { parentPort } from 'node:worker_threads';
import { ConversionRefused } from './conversion-refused';
import { imageToPdf } from './image-to-pdf';
import { inspectDocx } from './inspect-docx';
import { sanitizePdf } from './sanitize-pdf';

export type ThreadTask = 'inspect-docx' | 'image-to-pdf' | 'sanitize-pdf';
export interface ThreadRequest {
  id: number;
  task: ThreadTask;
  bytes: Uint8Array;
}
export type ThreadResponse =
  | { id: number; pdf: Uint8Array | null }
  | { id: number; refused: string; detail: string }
  | { id: number; error: string };

const port = parentPort;
if (!port) throw new Error('convert-thread runs only as a worker thread');

const run = async (task: ThreadTask, bytes: Uint8Array): Promise<Uint8Array | null> => {
  if (task === 'inspect-docx') {
    await inspectDocx(bytes);
    return null;
  }
  return task === 'image-to-pdf' ? imageToPdf(bytes) : sanitizePdf(bytes);
};

port.on('message', async ({ id, task, bytes }: ThreadRequest) => {
  let response: ThreadResponse;
  try {
    response = { id, pdf: await run(task, bytes) };
  } catch (err) {
    response =
      err instanceof ConversionRefused
        ? { id, refused: err.applicantMessage, detail: err.message }
        : { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
  port.postMessage(response, 'pdf' in response && response.pdf ? [response.pdf.buffer as ArrayBuffer] : []);
});
