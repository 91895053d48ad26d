import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { staffAccessOf } from '../../session/staff-access';
import { attachmentHeader, type PdfRenderer } from '../pdf';
import { assertStaffSeesApplication } from './application-detail';
import { buildPacket } from './packet-build';

type Params = { userId: string };

/**
 * One application's packet, inside the /api/staff scope (staffRoutes): its copy, then each converted document
 * and received letter behind a separator page, in one PDF (packet-build.ts). 404 outside the member's programs; in
 * the audit log. The copy leaves out the equality questions: they are for the aggregate reports, never for a reader
 * (issue 47).
 */
export function packetRoute(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  const now = () => deps.clock.now();

  return async (app: FastifyInstance) => {
    app.get<{ Params: Params }>('/applications/:userId/packet', async (req, reply) => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const packet = await buildPacket(deps, ctx, renderer, userId);
      await recordStaffRead(
        deps.db,
        staffOf(req),
        userId,
        'download-packet',
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
