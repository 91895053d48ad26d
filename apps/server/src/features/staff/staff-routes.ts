import { type StaffMeResponse } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { requireStaff, staffOf } from '../../session/require-staff';
import { staffAccessOf, summaryOf } from '../../session/staff-access';
import type { PdfRenderer } from '../pdf';
import { memberName } from '../team';
import { applicationReadRoutes } from './application-read-routes';
import { assignmentRoute } from './assignment-route';
import { auditRoutes } from './audit-routes';
import { consoleListRoutes } from './console-list-routes';
import { notesRoutes } from './notes-routes';
import { packetRoute } from './packet-route';
import { printTokenRoutes } from './print-token-routes';
import { queueRoute } from './queue-route';
import { reviewRoutes } from './review-routes';
import { rubricsRoutes } from './rubrics-routes';
import { stagesRoutes } from './stages-routes';

/**
 * The admissions office's calls, mounted at /api/staff. Every one answers
 * 401 without a session and 403 to a session that is not staff
 * (requireStaff), and every read of an application is in the audit log.
 * Each group of calls is a plugin of its own file, registered here behind the one check.
 */
export function staffRoutes(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps));
    // The office at work (issue #28): each behind requireStaff, then the right it needs.
    await app.register(stagesRoutes(deps, ctx));
    await app.register(rubricsRoutes(deps));
    await app.register(assignmentRoute(deps, ctx));
    await app.register(queueRoute(deps));
    await app.register(reviewRoutes(deps, ctx));
    await app.register(notesRoutes(deps, ctx));
    await app.register(auditRoutes(deps, ctx));

    app.get('/me', async (req): Promise<StaffMeResponse> => ({
      username: staffOf(req).email,
      name: await memberName(deps.db, staffOf(req).email),
      ...summaryOf(staffAccessOf(req)),
    }));

    await app.register(consoleListRoutes(deps, ctx));
    await app.register(applicationReadRoutes(deps, ctx, renderer));
    await app.register(packetRoute(deps, ctx, renderer));
    await app.register(printTokenRoutes(deps, ctx));
  };
}
