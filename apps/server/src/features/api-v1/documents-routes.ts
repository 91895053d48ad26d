import type { ApiTokenScope, ApiV1DocumentList } from '@admissions/domain';
import { apiV1DownloadParams, apiV1DownloadQuery } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import type { Queryable } from '../../infra/db/db';
import { apiCallerOf, recordApiCall, requireApiScope, type ApiCaller } from '../api-tokens';
import { pdfName } from '../documents';
import { attachmentHeader, type PdfRenderer } from '../pdf';
import { buildPacket, listConvertedDocuments } from '../staff';
import { applicationRow } from './application-rows';
import { applicationOf } from './applications-routes';
import { DOCUMENT_LINK_SECONDS, documentLinkPath, isDocumentLinkValid, type DocumentLink } from './document-links';

/**
 * An application's documents (issue 45), scope documents:read: the list, each with a signed download link valid
 * 5 minutes, and the office's packet. Both read the documents as the office does (staff/converted-documents.ts):
 * converted, in form order, none whose question the answers hide.
 */
export function documentsRoutes(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.get(
      '/applications/:id/documents',
      { preHandler: requireApiScope('documents:read') },
      async (req): Promise<ApiV1DocumentList> => {
        const caller = apiCallerOf(req);
        const { id } = await applicationOf(deps, req, 'list-documents');
        const documents = await listConvertedDocuments(deps, ctx.form, id);
        const expires = Math.floor(now().getTime() / 1000) + DOCUMENT_LINK_SECONDS;
        await recordApiCall(deps.db, caller, 'list-documents', id, { documents: documents.length }, now());
        return {
          data: documents.map((d) => ({
            answer_key: d.answerKey,
            label: d.label,
            file_name: d.fileName,
            file_size: d.fileSize,
            url: new URL(
              documentLinkPath(deps.secretKey, {
                applicationId: id,
                answerKey: d.answerKey,
                tokenId: caller.tokenId,
                expires,
              }),
              deps.config.publicUrl,
            ).toString(),
            url_expires_at: new Date(expires * 1000).toISOString(),
          })),
        };
      },
    );

    app.get('/applications/:id/packet.pdf', { preHandler: requireApiScope('documents:read') }, async (req, reply) => {
      const caller = apiCallerOf(req);
      const { id } = await applicationOf(deps, req, 'download-packet');
      const packet = await buildPacket(deps, ctx, renderer, id);
      await recordApiCall(
        deps.db,
        caller,
        'download-packet',
        id,
        { documents: packet.documents, letters: packet.letters },
        now(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', attachmentHeader(packet.fileName))
        .send(Buffer.from(packet.pdf));
    });
  };
}

/** The token that made a link, while it stands (neither revoked nor expired) and still holds documents:read. */
async function liveCallerOf(db: Queryable, tokenId: string, at: Date): Promise<ApiCaller | undefined> {
  const { rows } = await db.query<ApiCaller>(
    `SELECT id AS "tokenId", name, scopes, programs FROM api_tokens
     WHERE id = $1 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > $2)`,
    [tokenId, at],
  );
  const caller = rows[0];
  return caller && caller.scopes.includes('documents:read' satisfies ApiTokenScope) ? caller : undefined;
}

/** The link a download names, when its path and query are well-formed and its signature is ours and current. */
function signedLinkOf(deps: AppDeps, params: unknown, query: unknown, now: Date): DocumentLink | undefined {
  const path = apiV1DownloadParams.safeParse(params);
  const signed = apiV1DownloadQuery.safeParse(query);
  if (!path.success || !signed.success) return undefined;
  const link = {
    applicationId: path.data.id.toLowerCase(),
    answerKey: path.data.answer_key,
    tokenId: signed.data.token.toLowerCase(),
    expires: signed.data.expires,
  };
  return isDocumentLinkValid(deps.secretKey, link, signed.data.signature, now) ? link : undefined;
}

/**
 * GET /api/v1/applications/{id}/documents/{answer_key}/download?token=&expires=&signature=: one document's PDF by
 * the signed link the list answered, with no bearer token. 404 for a link we did not sign, an expired one, one whose
 * token has been revoked (or lost documents:read or the program) since, or a document gone since. Audited under the
 * name of the token that asked for the link.
 */
export function documentDownloadRoute(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  return async (app: FastifyInstance) => {
    app.get('/applications/:id/documents/:answer_key/download', async (req, reply) => {
      const link = signedLinkOf(deps, req.params, req.query, now());
      const caller = link && (await liveCallerOf(deps.db, link.tokenId, now()));
      if (!link || !caller || !(await applicationRow(deps.db, link.applicationId, caller.programs)))
        throw new AppError('NOT_FOUND');
      const document = (await listConvertedDocuments(deps, ctx.form, link.applicationId)).find(
        (d) => d.answerKey === link.answerKey,
      );
      if (!document) throw new AppError('NOT_FOUND');
      const pdf = await document.readPdf();
      await recordApiCall(
        deps.db,
        caller,
        'download-document',
        link.applicationId,
        { answer_key: link.answerKey },
        now(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header('cache-control', 'no-store')
        .header('content-disposition', contentDisposition('attachment', pdfName(document.fileName)))
        .send(Buffer.from(pdf));
    });
  };
}
