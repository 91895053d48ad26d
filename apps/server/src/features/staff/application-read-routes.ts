import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { contentDisposition } from '../../http/content-disposition';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { staffAccessOf } from '../../session/staff-access';
import { pdfName } from '../documents';
import type { PdfRenderer } from '../pdf';
import { officeRecommendations, receivedLetters } from '../recommendations';
import { assertStaffSeesApplication, loadApplicationDetail } from './application-detail';
import { scoresBlindTo } from './blind-review';
import { listConvertedDocuments } from './converted-documents';
import { movedApplicationOf } from './moved-applications';
import { otherApplicationsOf } from './other-applications';

type Params = { userId: string; answerKey?: string; requestId?: string };

/**
 * One application as the office reads it, inside the /api/staff scope (staffRoutes): its detail, and each
 * converted document and received letter as a PDF. Each is 404 outside the member's programs and in the audit log;
 * the detail's 404 names where a moved application went (`moved_to`, decision 064).
 */
export function applicationReadRoutes(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  const now = () => deps.clock.now();

  return async (app: FastifyInstance) => {
    app.get<{ Params: Params; Querystring: { cycle?: unknown } }>('/applications/:userId', async (req) => {
      const { userId } = req.params;
      const access = staffAccessOf(req);
      // A link made before its applicant started the next cycle (decision 064): 404 naming where its application
      // went, only to a member who may open it there (otherwise refused and audited as any link to it would be).
      const { cycle } = req.query;
      const movedTo = await movedApplicationOf(deps.db, userId, typeof cycle === 'string' && cycle ? cycle : undefined);
      if (movedTo) {
        await assertStaffSeesApplication(deps, ctx, access, movedTo);
        throw new AppError('NOT_FOUND', { movedTo });
      }
      await assertStaffSeesApplication(deps, ctx, access, userId);
      const [documents, recommendations, others] = await Promise.all([
        listConvertedDocuments(deps, ctx.form, userId),
        officeRecommendations(deps, userId),
        otherApplicationsOf(deps.db, deps.config.tenant, access, userId),
      ]);
      const detail = await loadApplicationDetail(
        deps,
        ctx,
        userId,
        documents,
        recommendations,
        scoresBlindTo(access),
        others,
      );
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
  };
}
