import {
  PDF_COPY_FAILED_MESSAGE,
  PDF_COPY_FILE_PATH,
  PDF_COPY_READY_MESSAGE,
  type PdfCopyStatusResponse,
} from '@admissions/domain';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { createInFlightLimit } from '../../http/in-flight-limit';
import { createMemoryRateLimit } from '../../http/memory-rate-limit';
import { MINUTE } from '../../infra/time-units';
import { sessionOf } from '../accounts/require-session';
import type { Session } from '../accounts/session-store';
import type { FormContext } from '../application/form-context';
import { loadCopySource } from './application-copy';
import { attachmentHeader } from './copy-file-name';
import { createPdfRenderer } from './pdf-renderer';

/**
 * The applicant's PDF copy (SPEC sections 4 and 7). The copy is drawn from
 * the stored answers on every request and never stored, so it cannot go
 * stale and there is nothing to clean up. The status call draws it too:
 * 'completed' then means the download will work, and a drawing failure is
 * reported as 'failed' before the applicant clicks anything. Drawing runs
 * on a worker thread (pdf-renderer.ts).
 */
/**
 * Fairness (issue 11): one copy at a time per applicant, a bounded number
 * drawing or waiting in this process, and a per-applicant rate. A click
 * beyond them is answered 429 with Retry-After at once, so one applicant's
 * burst never makes another wait behind it until a timeout.
 */
export const PDF_LIMITS = { perApplicant: 1, inProcess: 4, perMinute: 20 } as const;

export function pdfRoutes(deps: AppDeps, ctx: FormContext) {
  const renderer = createPdfRenderer();
  const inFlight = createInFlightLimit({
    perKey: PDF_LIMITS.perApplicant,
    total: PDF_LIMITS.inProcess,
    retryAfterSeconds: 2,
  });
  const rate = createMemoryRateLimit({ max: PDF_LIMITS.perMinute, windowMs: MINUTE });
  const drawCopy = (session: Session, log: FastifyBaseLogger) => {
    rate.hit(session.userId, deps.clock.now().getTime());
    return inFlight.run(session.userId, () => drawCopyNow(session, log));
  };
  const drawCopyNow = async (session: Session, log: FastifyBaseLogger) => {
    // Reading the application fails like any other call (500); only drawing failures are 'failed'.
    const source = await loadCopySource(deps, ctx, deps.config.tenant, session);
    try {
      return { fileName: source.fileName, pdf: await renderer.render(source.header, source.pages) };
    } catch (err) {
      log.error({ err }, 'PDF copy of the application could not be drawn');
      return undefined;
    }
  };

  return async (app: FastifyInstance) => {
    app.addHook('onClose', () => renderer.close());

    /** GET /api/pdf: whether the copy can be downloaded, and where from. */
    app.get('/pdf', async (req, reply): Promise<PdfCopyStatusResponse> => {
      const copy = await drawCopy(sessionOf(req), req.log);
      reply.header('cache-control', 'no-store');
      return copy
        ? { status: 'completed', url: PDF_COPY_FILE_PATH, message: PDF_COPY_READY_MESSAGE }
        : { status: 'failed', url: '', message: PDF_COPY_FAILED_MESSAGE };
    });

    /** GET /api/pdf/file: the copy itself, as a download. */
    app.get('/pdf/file', async (req, reply) => {
      const copy = await drawCopy(sessionOf(req), req.log);
      if (!copy) throw new AppError('INTERNAL', { message: PDF_COPY_FAILED_MESSAGE });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(copy.fileName))
        .header('cache-control', 'no-store')
        .send(copy.pdf);
    });
  };
}
