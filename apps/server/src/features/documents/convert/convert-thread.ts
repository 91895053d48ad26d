import { serveThreadJobs } from '../../../infra/worker-threads/serve-thread-jobs';
import { ConversionRefused } from './conversion-refused';
import { imageToPdf } from './image-to-pdf';
import { inspectDocx } from './inspect-docx';
import { sanitizePdf } from './sanitize-pdf';

export type ThreadTask = 'inspect-docx' | 'image-to-pdf' | 'sanitize-pdf';
export interface ThreadJob {
  task: ThreadTask;
  bytes: Uint8Array;
}
/** The PDF (null for a check), or the file refused with the applicant's message. */
export type ThreadAnswer = { pdf: Uint8Array | null } | { refused: string; detail: string };

const run = async (task: ThreadTask, bytes: Uint8Array): Promise<Uint8Array | null> => {
  if (task === 'inspect-docx') {
    await inspectDocx(bytes);
    return null;
  }
  return task === 'image-to-pdf' ? imageToPdf(bytes) : sanitizePdf(bytes);
};

serveThreadJobs<ThreadJob, ThreadAnswer>(
  'convert-thread',
  async ({ task, bytes }) => {
    try {
      return { pdf: await run(task, bytes) };
    } catch (err) {
      if (err instanceof ConversionRefused) return { refused: err.applicantMessage, detail: err.message };
      throw err;
    }
  },
  (answer) => ('pdf' in answer && answer.pdf ? [answer.pdf.buffer as ArrayBuffer] : []),
);
