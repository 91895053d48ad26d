import {
  PDF_COPY_FAILED_MESSAGE,
  PDF_COPY_FILE_PATH,
  PDF_COPY_PREPARING_MESSAGE,
  PDF_COPY_READY_MESSAGE,
  type PdfCopyStatusResponse,
} from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createSharedRateLimit } from '../../http/shared-rate-limit';
import { MINUTE } from '../../infra/time-units';
import { sessionOf } from '../../session/require-session';
import type { ApplicantCopies } from './applicant-copies';
import { attachmentHeader } from './copy-file-name';
import { drawnCopy } from './drawn-copy';
import type { PdfRenderer } from './pdf-renderer';

/**
 * Fairness (issue 11): a per-applicant rate of downloads and of status calls, shared by every process
 * (decision 046). How many copies a process draws at once, and how many wait their turn, is
 * COPY_DRAWING_LIMITS (applicant-copies.ts).
 */
export const PDF_LIMITS = { perMinute: 20, statusPerMinute: 120 } as const;

/**
 * The applicant's copies a minute, this cycle's and past ones' together (one count per account, by the
 * limit's name), shared by every process (decision 046); a small lease, since a copy costs far more than
 * a statement.
 */
export function createCopyDownloadRate(db: AppDeps['db']) {
  return createSharedRateLimit(db, { name: 'pdf-copies', max: PDF_LIMITS.perMinute, windowMs: MINUTE, lease: 2 });
}

/** GET /api/pdf and GET /api/pdf/file: the applicant's copy (applicant-copies.ts says how it is drawn). */
export function pdfRoutes(deps: AppDeps, copies: ApplicantCopies, renderer: PdfRenderer) {
  const rate = createCopyDownloadRate(deps.db);
  // The status reads the whole application to know its version: cheap, but not free.
  const statusRate = createSharedRateLimit(deps.db, {
    name: 'pdf-status',
    max: PDF_LIMITS.statusPerMinute,
    windowMs: MINUTE,
    lease: 10,
  });

  return async (app: FastifyInstance) => {
    // A server in production loads react-pdf and the fonts once it is ready, not at an applicant's first
    // copy (decision 055); tests and development start the thread only when a copy is asked for.
    if (deps.config.env === 'production')
      app.addHook('onReady', async () => {
        renderer.warm().catch((err: unknown) => app.log.warn({ err }, 'PDF drawing thread could not be warmed'));
      });

    /** GET /api/pdf: whether the copy can be downloaded (or is being drawn), and where from. */
    app.get('/pdf', async (req, reply): Promise<PdfCopyStatusResponse> => {
      const session = sessionOf(req);
      await statusRate.hit(session.userId, deps.clock.now().getTime());
      const status = await copies.status(session, req.log);
      reply.header('cache-control', 'no-store');
      switch (status) {
        case 'failed':
          return { status, url: '', message: PDF_COPY_FAILED_MESSAGE };
        case 'in_progress':
          return { status, url: '', message: PDF_COPY_PREPARING_MESSAGE };
        case 'completed':
          return { status, url: PDF_COPY_FILE_PATH, message: PDF_COPY_READY_MESSAGE };
      }
    });

    /** GET /api/pdf/file: the copy itself, as a download. */
    app.get('/pdf/file', async (req, reply) => {
      const session = sessionOf(req);
      await rate.hit(session.userId, deps.clock.now().getTime());
      const copy = await drawnCopy(copies.file(session, req.log));
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(copy.fileName))
        .header('cache-control', 'no-store')
        .send(copy.pdf);
    });
  };
}
