import { type ServiceTokenCreated, type StaffListResponse, type StaffMeResponse } from '@admissions/domain';
import { scoresBlindTo } from './blind-review';
import { staffListQuery } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import { parseBody } from '../../http/parse-body';
import type { FormContext } from '../../core/form-context';
import { pdfName } from '../documents';
import { attachmentHeader, loadCopySource, type PdfRenderer } from '../pdf';
import { createServiceToken, revokeServiceToken } from '../../session/service-tokens';
import { assertStaffSeesApplication, loadApplicationDetail } from './application-detail';
import { listContextOf } from './stages-repository';
import { teamRoutes } from '../team';
import { auditRoutes } from './audit-routes';
import { notesRoutes } from './notes-routes';
import { reviewRoutes } from './review-routes';
import { rubricsRoutes } from './rubrics-routes';
import { stagesRoutes } from './stages-routes';
import { recordStaffRead } from '../../session/audit-log';
import { freshenConsoleIndex } from './console-index';
import { csvLines } from './console-csv';
import { allMatchingRows, listApplications } from './console-list';
import { decisionLabels } from './decision-labels';
import { listConvertedDocuments } from './converted-documents';
import { officeRecommendations, receivedLetters } from '../recommendations';
import { requireStaff, staffOf } from '../../session/require-staff';
import { staffAccessOf, summaryOf } from '../../session/staff-access';

type Params = { userId: string; answerKey?: string; tokenId?: string; requestId?: string };

/**
 * The admissions office's calls, mounted at /api/staff. Every one answers
 * 401 without a session and 403 to a session that is not staff
 * (requireStaff), and every read of an application is in the audit log.
 */
export function staffRoutes(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  const now = () => deps.clock.now();
  const labels = decisionLabels(deps.config.tenant);

  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps));
    // The office at work (issue #28): each behind requireStaff, then the right it needs.
    await app.register(teamRoutes(deps));
    await app.register(stagesRoutes(deps, ctx));
    await app.register(rubricsRoutes(deps));
    await app.register(reviewRoutes(deps, ctx));
    await app.register(notesRoutes(deps, ctx));
    await app.register(auditRoutes(deps));

    app.get('/me', async (req): Promise<StaffMeResponse> => ({
      username: staffOf(req).email,
      ...summaryOf(staffAccessOf(req)),
    }));

    app.get('/applications', async (req): Promise<StaffListResponse> => {
      const query = parseBody(staffListQuery, req.query);
      const { page: _p, sort: _s, dir: _d, ...filters } = query;
      const access = staffAccessOf(req);
      const list = (checkIndex: boolean) =>
        listApplications(
          deps.db,
          deps.config.tenant,
          query,
          access.programs,
          listContextOf(deps.db, now()),
          labels,
          scoresBlindTo(access),
          checkIndex,
          access.userId,
        );
      // The audit row is written alongside the read, not after it: the answer still waits for both. The page's
      // statement says whether the index was behind the answer history in its own snapshot; only then does the
      // call run a refresher pass and read again, so a reader still sees the changes of the last seconds
      // without a round trip of its own for the check (decision 051).
      const [first] = await Promise.all([
        list(true),
        recordStaffRead(deps.db, staffOf(req), null, 'list', { ...filters, page: query.page }, now()),
      ]);
      if (!first.indexBehind) return first.response;
      await freshenConsoleIndex(deps, ctx);
      return (await list(false)).response;
    });

    app.get('/applications.csv', async (req, reply) => {
      const query = parseBody(staffListQuery, req.query);
      await freshenConsoleIndex(deps, ctx);
      let count = 0;
      const parts: string[] = [];
      const list = await listContextOf(deps.db, now());
      const access = staffAccessOf(req);
      const rows = allMatchingRows(
        deps.db,
        deps.config.tenant,
        query,
        access.programs,
        list,
        labels,
        scoresBlindTo(access),
        access.userId,
      );
      for await (const line of csvLines(rows, () => count++)) parts.push(line);
      const { page: _p, sort: _s, dir: _d, ...filters } = query;
      await recordStaffRead(deps.db, staffOf(req), null, 'export-csv', { ...filters, rows: count }, now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applications-${now().toISOString().slice(0, 10)}.csv"`)
        .send(parts.join(''));
    });

    app.get<{ Params: Params }>('/applications/:userId', async (req) => {
      const { userId } = req.params;
      const access = staffAccessOf(req);
      await assertStaffSeesApplication(deps, ctx, access, userId);
      const [documents, recommendations] = await Promise.all([
        listConvertedDocuments(deps, ctx.form, userId),
        officeRecommendations(deps, userId),
      ]);
      const detail = await loadApplicationDetail(deps, ctx, userId, documents, recommendations, scoresBlindTo(access));
      // Written letters are shown on this page: the read says how many it showed.
      const letters = recommendations.filter((r) => r.letter_text !== '').length;
      await recordStaffRead(deps.db, staffOf(req), userId, 'view-application', letters ? { letters } : {}, now());
      return detail;
    });

    app.get<{ Params: Params }>('/applications/:userId/documents/:answerKey', async (req, reply) => {
      const { userId, answerKey } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const document = (await listConvertedDocuments(deps, ctx.form, userId)).find((d) => d.answerKey === answerKey);
      if (!document) throw new AppError('NOT_FOUND');
      const pdf = await document.readPdf();
      await recordStaffRead(deps.db, staffOf(req), userId, 'view-document', { answer_key: answerKey }, now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', pdfName(document.fileName)))
        .send(Buffer.from(pdf));
    });

    app.get<{ Params: Params }>('/applications/:userId/letters/:requestId', async (req, reply) => {
      const { userId, requestId = '' } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const letter = (await receivedLetters(deps, userId, renderer)).find((l) => l.requestId === requestId);
      if (!letter) throw new AppError('NOT_FOUND');
      const pdf = await letter.readPdf();
      await recordStaffRead(deps.db, staffOf(req), userId, 'view-letter', { request_id: requestId }, now());
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="letter-${requestId.slice(0, 8)}.pdf"`)
        .send(Buffer.from(pdf));
    });

    app.get<{ Params: Params }>('/applications/:userId/packet', async (req, reply) => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const { rows } = await deps.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      const source = await loadCopySource(deps, ctx, deps.config.tenant, { userId, username: rows[0]!.email });
      const documents = await listConvertedDocuments(deps, ctx.form, userId);
      const letters = await receivedLetters(deps, userId, renderer);
      const copy = await renderer.render(source.header, source.pages);
      // pdf-lib loads with the first packet, not with the server.
      const { composePacket } = await import('./packet');
      const packet = await composePacket(
        copy,
        [
          ...documents,
          ...letters.map((l) => ({
            label: l.title,
            fileName: l.fileName,
            readPdf: l.readPdf,
            kicker: 'Letter of recommendation',
          })),
        ],
        (separators) => renderer.renderSeparators(separators),
      );
      await recordStaffRead(
        deps.db,
        staffOf(req),
        userId,
        'download-packet',
        { documents: documents.length, letters: letters.length },
        now(),
      );
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          attachmentHeader({
            unicode: source.fileName.unicode.replace(/^application-/, 'packet-'),
            ascii: source.fileName.ascii.replace(/^application-/, 'packet-'),
          }),
        )
        .send(Buffer.from(packet));
    });

    app.post<{ Params: Params }>('/applications/:userId/print-token', async (req): Promise<ServiceTokenCreated> => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const staff = staffOf(req);
      const created = await createServiceToken(deps.db, userId, staff, now());
      await recordStaffRead(deps.db, staff, userId, 'create-print-token', { token_id: created.id }, now());
      return {
        id: created.id,
        token: created.token,
        print_url: `/?service_token=${encodeURIComponent(created.token)}`,
        expires_at: created.expiresAt.toISOString(),
      };
    });

    app.delete<{ Params: Params }>('/print-tokens/:tokenId', async (req) => {
      const tokenId = req.params.tokenId ?? '';
      if (!/^[0-9a-f-]{36}$/i.test(tokenId)) throw new AppError('NOT_FOUND');
      // A member limited to programs withdraws only the links of applications they see.
      const { rows } = await deps.db.query<{ application_user_id: string }>(
        'SELECT application_user_id FROM service_tokens WHERE id = $1',
        [tokenId],
      );
      if (!rows[0]) throw new AppError('NOT_FOUND');
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), rows[0].application_user_id);
      const userId = await revokeServiceToken(deps.db, tokenId, now());
      if (!userId) throw new AppError('NOT_FOUND');
      await recordStaffRead(deps.db, staffOf(req), userId, 'revoke-print-token', { token_id: tokenId }, now());
      return { message: 'The print link has been withdrawn.' };
    });
  };
}
