import {
  FILE_MAX_BYTES,
  FILE_MESSAGES,
  fileExtension,
  kindOfExtension,
  sniffFileKind,
  SNIFF_BYTES,
} from '@admissions/domain';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { conversionDuration, conversionFailures } from '../../infra/metrics/metrics';
import {
  CONVERSION_DEAD_LETTER,
  CONVERSION_QUEUE,
  CONVERSION_RETRY_LIMIT,
  DOCUMENT_TARGET,
  type ConversionJob,
} from './conversion-queue';
import type { ConversionSubject, ConversionTarget } from './conversion-target';
import { ConversionRefused } from './convert/conversion-refused';
import { convertDocument } from './convert/convert-document';
import { createConverterThread, type ConverterThread } from './convert/converter-thread';
import { detectSandbox, findSoffice, type SofficeOptions } from './convert/soffice';
import { removeDeadConversionFolders } from './convert/soffice-leftovers';
import { pdfKeyOf } from './document-keys';
import { findDocumentById, markCompleted, markFailed, markInProgress, type DocumentRow } from './documents-repository';
import { removeFiles } from './remove-files';

/** Seconds a job may stay active before pg-boss retries it elsewhere (a hung handler's job comes back after this). */
export const expirySeconds = (timeoutMs: number) => Math.ceil(timeoutMs / 1000) + 15;

/** The applicant's documents, as a conversion target. */
export const documentTarget: ConversionTarget<DocumentRow> = {
  find: findDocumentById,
  pdfKey: (doc) => pdfKeyOf(doc.user_id, doc.answer_key, doc.id),
  markInProgress,
  markCompleted,
  markFailed,
  async folderOfGoneOwner(db, doc) {
    const { rows } = await db.query('SELECT 1 FROM users WHERE id = $1', [doc.user_id]);
    return rows.length === 0 ? `documents/${doc.user_id}/` : null;
  },
};

/**
 * Converts one subject (a document or a letter), at most once to COMPLETED.
 * Safe to run again after a crash at any point: the PDF goes to a key fixed
 * by the subject's id, and only a waiting subject can be settled. A file that
 * is refused ends FAILED with the reason; any other failure is thrown, so
 * pg-boss retries it, and the last try ends FAILED too. Nothing here blocks
 * the queue for other documents.
 */
export async function convertOne(
  deps: AppDeps,
  thread: ConverterThread,
  soffice: SofficeOptions,
  documentId: string,
  lastTry: boolean,
  log: Logger,
  target: ConversionTarget = documentTarget,
): Promise<'completed' | 'failed' | 'skipped'> {
  const doc = await target.find(deps.db, documentId);
  if (!doc) return 'skipped';
  if (doc.status === 'COMPLETED' || doc.status === 'FAILED') {
    // A crash after settling, before the original was removed.
    await removeFiles(deps.storage, [doc.upload_key], log);
    return 'skipped';
  }
  if (!(await target.markInProgress(deps.db, doc.id, deps.clock.now()))) return 'skipped';
  const pdfKey = target.pdfKey(doc);
  const fail = async (message: string) => {
    await target.markFailed(deps.db, doc.id, message, deps.clock.now());
    await removeFiles(deps.storage, [doc.upload_key, pdfKey], log);
    return 'failed' as const;
  };
  try {
    const pdf = await convert(deps, thread, soffice, doc);
    await deps.storage.write(pdfKey, pdf, 'application/pdf');
    if (await target.markCompleted(deps.db, doc.id, pdfKey, pdf.byteLength, deps.clock.now())) {
      await removeFiles(deps.storage, [doc.upload_key], log);
      await target.afterCompleted?.(doc, log);
      return 'completed';
    }
    // Deleted or replaced while converting: what was just written belongs to nobody.
    const now = await target.find(deps.db, doc.id);
    if (!now || now.pdf_key !== pdfKey) await removeFiles(deps.storage, [pdfKey], log);
    // The whole account went meanwhile: its folder, which the write above made again, goes too (issue 48).
    const gone = now ? null : await target.folderOfGoneOwner?.(deps.db, doc);
    if (gone) await deps.storage.removeFolder(gone);
    return 'skipped';
  } catch (err) {
    if (err instanceof ConversionRefused) {
      log.info({ documentId, reason: err.message }, 'document refused');
      return fail(err.applicantMessage);
    }
    if (lastTry) {
      log.error({ err, documentId }, 'document conversion failed on its last try');
      return fail(FILE_MESSAGES.conversionFailed);
    }
    throw err;
  }
}

async function convert(
  deps: AppDeps,
  thread: ConverterThread,
  soffice: SofficeOptions,
  doc: ConversionSubject,
): Promise<Uint8Array> {
  // Whatever the storage, the object is checked again: it may have changed since the upload was checked.
  const bytes = await deps.storage.read(doc.upload_key, FILE_MAX_BYTES);
  if (!bytes) {
    const size = await deps.storage.size(doc.upload_key);
    throw new ConversionRefused(size === null ? FILE_MESSAGES.notUploaded : FILE_MESSAGES.tooLarge);
  }
  if (bytes.byteLength === 0) throw new ConversionRefused(FILE_MESSAGES.empty);
  const kind = sniffFileKind(bytes.subarray(0, SNIFF_BYTES));
  if (!kind || kind !== kindOfExtension(fileExtension(doc.file_name)))
    throw new ConversionRefused(FILE_MESSAGES.contentMismatch);
  return convertDocument(kind, bytes, thread, soffice);
}

/** A conversion pg-boss gave up on: the subject, if still waiting, ends FAILED and its files go. */
export async function settleAbandoned(
  deps: AppDeps,
  documentId: string,
  log: Logger,
  target: ConversionTarget = documentTarget,
): Promise<void> {
  const doc = await target.find(deps.db, documentId);
  if (!doc) return;
  if (await target.markFailed(deps.db, doc.id, FILE_MESSAGES.conversionFailed, deps.clock.now())) {
    log.error({ documentId }, 'document conversion abandoned after every try failed');
    await removeFiles(deps.storage, [doc.upload_key, target.pdfKey(doc)], log);
  }
}

/**
 * Registers this process's conversion worker on the shared queue. Says once
 * in the log when LibreOffice is missing (Word documents then fail with a
 * clear message) and which sandbox limits the machine allows.
 */
export async function startConversionWorker(
  deps: AppDeps,
  logger: Logger,
  otherTargets: Readonly<Record<string, ConversionTarget>> = {},
): Promise<string> {
  const targets: Record<string, ConversionTarget> = { ...otherTargets, [DOCUMENT_TARGET]: documentTarget };
  const targetOf = (job: ConversionJob) => targets[job.target ?? DOCUMENT_TARGET];
  const { sofficePath, conversionTimeoutMs, conversionMemoryMb, conversionConcurrency } = deps.config.documents;
  const soffice: SofficeOptions = { sofficePath, timeoutMs: conversionTimeoutMs, memoryMb: conversionMemoryMb };
  if (!(await findSoffice(sofficePath))) {
    logger.warn(
      { sofficePath },
      'LibreOffice (soffice) was not found: Word documents cannot be converted and will fail with a message; images and PDFs still are',
    );
  } else {
    const box = detectSandbox();
    if (!box.noNetwork)
      logger.warn(
        'LibreOffice runs without a network namespace (unshare -n is not permitted here); its profile still blocks links',
      );
    if (!box.limits) logger.warn('LibreOffice runs without prlimit memory and CPU limits; only the time limit applies');
  }
  // What a killed process left behind goes at once; housekeeping looks again every hour.
  void removeDeadConversionFolders().then(
    (removed) => {
      if (removed) logger.info({ removed }, 'removed the LibreOffice folders of killed conversions');
    },
    (err: unknown) => logger.warn({ err }, 'the LibreOffice folders of killed conversions could not be removed'),
  );
  const thread = createConverterThread({ timeoutMs: conversionTimeoutMs });
  const options = {
    deadLetter: CONVERSION_DEAD_LETTER,
    retryLimit: CONVERSION_RETRY_LIMIT,
    retryDelay: 2,
    retryBackoff: true,
    expireInSeconds: expirySeconds(conversionTimeoutMs),
    // The worker touches a running conversion every 5 s: one whose process died is retried at the queue's
    // next supervision after 10 s without a touch, not only once its expiry has passed too.
    heartbeatSeconds: 10,
    deleteAfterSeconds: 7 * 24 * 3600,
  };
  await ensureQueue(deps.jobs, CONVERSION_DEAD_LETTER, {
    retryLimit: 5,
    deleteAfterSeconds: options.deleteAfterSeconds,
  });
  await ensureQueue(deps.jobs, CONVERSION_QUEUE, options);
  await deps.jobs.work<ConversionJob>(
    CONVERSION_DEAD_LETTER,
    { batchSize: 1, pollingIntervalSeconds: 2 },
    async ([job]) => {
      const target = job && targetOf(job.data);
      if (job && target) await settleAbandoned(deps, job.data.documentId, logger, target);
    },
  );
  await deps.jobs.work<ConversionJob>(
    CONVERSION_QUEUE,
    { localConcurrency: conversionConcurrency, batchSize: 1, pollingIntervalSeconds: 0.5, includeMetadata: true },
    async ([job]) => {
      const target = job && targetOf(job.data);
      if (!job || !target) return;
      const lastTry = job.retryCount >= CONVERSION_RETRY_LIMIT;
      const timer = conversionDuration.startTimer();
      try {
        const outcome = await convertOne(deps, thread, soffice, job.data.documentId, lastTry, logger, target);
        if (outcome !== 'skipped') timer({ outcome });
        if (outcome === 'failed') conversionFailures.inc({ outcome: 'failed' });
      } catch (err) {
        timer({ outcome: 'error' });
        conversionFailures.inc({ outcome: 'error' });
        throw err;
      }
    },
  );
  return CONVERSION_QUEUE;
}
