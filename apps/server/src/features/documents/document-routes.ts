import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  documentFilePath,
  FILE_MESSAGES,
  type DocumentAnswersResponse,
  type DocumentDeletedResponse,
  type DocumentStatusResponse,
  type PresignedUrlResponse,
} from '@admissions/domain';
import { presignedUrlBody, startConversionBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import type { FormContext } from '../../core/form-context';
import { loadDocumentAnswers } from './document-answers';
import { deleteDocument } from './delete-document';
import { findDocument, type DocumentRow } from './documents-repository';
import { pdfName } from './pdf-file-name';
import { startConversion } from './start-conversion';
import { assertFileQuestion, createUploadForm } from './upload-form';

const keyOf = (req: { params: unknown }) => (req.params as { key: string }).key;

function statusOf(doc: DocumentRow | undefined, answerKey: string): DocumentStatusResponse {
  if (!doc) return { status: 'NOT_ANSWERED', message: '', url: '' };
  return {
    status: doc.status,
    message: doc.status === 'FAILED' ? doc.message || FILE_MESSAGES.conversionFailed : '',
    url: doc.status === 'COMPLETED' ? documentFilePath(answerKey) : '',
  };
}

/** The document calls of SPEC section 7, for the logged-in applicant's own documents only. */
export function documentRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.post('/presigned-url', async (req): Promise<PresignedUrlResponse> => {
      const { answer_key } = parseBody(presignedUrlBody, req.body);
      return createUploadForm(deps, ctx, sessionOf(req).userId, answer_key);
    });

    app.post('/pdf/document-answer/:key', async (req): Promise<DocumentStatusResponse> => {
      const body = parseBody(startConversionBody, req.body);
      const { userId } = sessionOf(req);
      await startConversion(deps, ctx, userId, keyOf(req), body, req.log);
      return statusOf(await findDocument(deps.db, userId, keyOf(req)), keyOf(req));
    });

    app.get('/pdf/document-answer/:key', async (req): Promise<DocumentStatusResponse> => {
      assertFileQuestion(ctx, keyOf(req));
      return statusOf(await findDocument(deps.db, sessionOf(req).userId, keyOf(req)), keyOf(req));
    });

    app.get('/pdf/document-answer/:key/file', async (req, reply) => {
      assertFileQuestion(ctx, keyOf(req));
      const doc = await findDocument(deps.db, sessionOf(req).userId, keyOf(req));
      if (doc?.status !== 'COMPLETED' || !doc.pdf_key) throw new AppError('NOT_FOUND');
      const pdf = await deps.storage.read(doc.pdf_key, 256 * 1_048_576);
      if (!pdf) throw new AppError('NOT_FOUND');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('attachment', pdfName(doc.file_name)))
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
    });

    const remove = async (req: FastifyRequest): Promise<DocumentDeletedResponse> => {
      await deleteDocument(deps, ctx, sessionOf(req).userId, keyOf(req), req.log);
      return { message: 'Your file was deleted.' };
    };
    app.delete('/pdf/document-answer/:key', remove);
    app.delete('/document-answer/:key', remove);

    app.get('/document-answer', async (req): Promise<DocumentAnswersResponse> =>
      loadDocumentAnswers(deps.db, sessionOf(req).userId),
    );
  };
}
