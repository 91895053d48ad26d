import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { staffAccessOf } from '../../session/staff-access';
import { attachmentHeader, loadCopySource, type PdfRenderer } from '../pdf';
import { receivedLetters } from '../recommendations';
import { assertStaffSeesApplication } from './application-detail';
import { listConvertedDocuments } from './converted-documents';

type Params = { userId: string };

/**
 * One application's packet, inside the /api/staff scope (staffRoutes): its copy, then each converted document
 * and received letter behind a separator page, in one PDF. 404 outside the member's programs; in the audit log.
 * The copy leaves out the equality questions: they are for the aggregate reports, never for a reader (issue 47).
 */
export function packetRoute(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  const now = () => deps.clock.now();

  return async (app: FastifyInstance) => {
    app.get<{ Params: Params }>('/applications/:userId/packet', async (req, reply) => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const { rows } = await deps.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
      const source = await loadCopySource(
        deps,
        ctx,
        deps.config.tenant,
        { userId, username: rows[0]!.email },
        { withoutEquality: true },
      );
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
  };
}
