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
import { createSharedRateLimit } from '../../http/shared-rate-limit';
import { MINUTE } from '../../infra/time-units';
import { sessionOf } from '../../session/require-session';
import type { Session } from '../../session/session-store';
import type { FormContext } from '../../core/form-context';
import { loadCopySource } from './application-copy';
import { copyVersion, createCopyCache } from './copy-cache';
import { attachmentHeader } from './copy-file-name';
import type { PdfRenderer } from './pdf-renderer';
import { createStoredCopies } from './stored-copy';

/**
 * The applicant's PDF copy (SPEC sections 4 and 7), drawn from the stored
 * answers on a worker thread (pdf-renderer.ts). It is drawn at the first
 * download after a change of what it shows, and kept in this process's memory
 * for the downloads after that (copy-cache.ts). A submitted application's copy
 * is also written to the object store (stored-copy.ts), so any process, even
 * one just started, sends it without drawing it again. The status call draws
 * nothing: it says 'completed' unless the last drawing of the copy as it
 * stands now failed.
 */
/**
 * Fairness (issue 11): one drawing at a time per applicant, a bounded number
 * drawing or waiting in this process, and a per-applicant rate of downloads.
 * A click beyond them is answered 429 with Retry-After at once, so one
 * applicant's burst never makes another wait behind it until a timeout.
 */
export const PDF_LIMITS = { perApplicant: 1, inProcess: 4, perMinute: 20, statusPerMinute: 120 } as const;

/** The drawn copies one process keeps: a six-page copy is 30 to 60 KB, so this holds thousands. */
export const COPY_CACHE_BYTES = 64 * 1_048_576;

/** `renderer` is the app's, shared with the other applicant copies (a past cycle's): its owner closes it. */
export function pdfRoutes(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  const cache = createCopyCache(COPY_CACHE_BYTES);
  const stored = createStoredCopies(deps.storage);
  const inFlight = createInFlightLimit({
    perKey: PDF_LIMITS.perApplicant,
    total: PDF_LIMITS.inProcess,
    retryAfterSeconds: 2,
  });
  // Shared by every process (decision 046); a small lease, since a copy costs far more than a statement.
  const rate = createSharedRateLimit(deps.db, {
    name: 'pdf-copies',
    max: PDF_LIMITS.perMinute,
    windowMs: MINUTE,
    lease: 2,
  });
  // The status reads the whole application to know its version: cheap, but not free.
  const statusRate = createSharedRateLimit(deps.db, {
    name: 'pdf-status',
    max: PDF_LIMITS.statusPerMinute,
    windowMs: MINUTE,
    lease: 10,
  });
  const source = (session: Session) => loadCopySource(deps, ctx, deps.config.tenant, session);
  const drawCopy = async (session: Session, log: FastifyBaseLogger) => {
    await rate.hit(session.userId, deps.clock.now().getTime());
    return inFlight.run(session.userId, () => drawCopyNow(session, log));
  };
  const drawCopyNow = async (session: Session, log: FastifyBaseLogger) => {
    // Reading the application fails like any other call (500); only drawing failures are 'failed'.
    const copy = await source(session);
    const version = copyVersion(copy);
    const drawn = cache.get(session.userId, version);
    if (drawn instanceof Uint8Array) return { fileName: copy.fileName, pdf: drawn };
    const submitted = copy.header.submittedAt !== null;
    const kept = submitted ? await stored.read(session.userId, version, log) : null;
    if (kept) {
      cache.set(session.userId, version, kept);
      return { fileName: copy.fileName, pdf: kept };
    }
    try {
      const pdf = await renderer.render(copy.header, copy.pages);
      cache.set(session.userId, version, pdf);
      if (submitted) await stored.write(session.userId, version, pdf, log);
      return { fileName: copy.fileName, pdf };
    } catch (err) {
      log.error({ err }, 'PDF copy of the application could not be drawn');
      cache.set(session.userId, version, 'failed');
      return undefined;
    }
  };

  return async (app: FastifyInstance) => {
    // A server in production loads react-pdf and the fonts once it is ready, not at an applicant's first
    // copy (decision 055); tests and development start the thread only when a copy is asked for.
    if (deps.config.env === 'production')
      app.addHook('onReady', async () => {
        renderer.warm().catch((err: unknown) => app.log.warn({ err }, 'PDF drawing thread could not be warmed'));
      });

    /** GET /api/pdf: whether the copy can be downloaded, and where from. */
    app.get('/pdf', async (req, reply): Promise<PdfCopyStatusResponse> => {
      const session = sessionOf(req);
      await statusRate.hit(session.userId, deps.clock.now().getTime());
      const failed = cache.get(session.userId, copyVersion(await source(session))) === 'failed';
      reply.header('cache-control', 'no-store');
      return failed
        ? { status: 'failed', url: '', message: PDF_COPY_FAILED_MESSAGE }
        : { status: 'completed', url: PDF_COPY_FILE_PATH, message: PDF_COPY_READY_MESSAGE };
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
