import { withoutEqualityAnswers, type ServicePrintData } from '@admissions/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { hitRateLimit } from '../../http/rate-limit';
import { MINUTE } from '../../infra/time-units';
import { findApplication } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import { recordStaffRead } from '../../session/audit-log';
import { memberAccess } from '../../session/staff-team';
import { listConvertedDocuments, staffMaySeeApplication } from '../staff';
import { resolveServiceToken, revokeServiceToken } from '../../session/service-tokens';

/** Tokens carry 256 bits, so this only stops floods. */
const SERVICE_LIMIT = { name: 'service', max: 120, windowMs: MINUTE };

/**
 * GET /service/tmp-pdf?service_token= (SPEC sections 6 and 7): the print
 * data of the one application the token was made for. The token is the only
 * credential here: a session cookie in the same browser is ignored, and the
 * token opens nothing else. Missing, expired, revoked or made-up: 401 JSON.
 */
export function serviceRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.get('/tmp-pdf', async (req, reply): Promise<ServicePrintData> => {
      await hitRateLimit(deps.db, SERVICE_LIMIT, req.ip, deps.clock.now());
      const raw = (req.query as Record<string, unknown>).service_token;
      const token = typeof raw === 'string' && raw.length <= 200 ? raw : '';
      const live = token ? await resolveServiceToken(deps.db, token, deps.clock.now()) : undefined;
      if (!live) throw new AppError('SERVICE_TOKEN_INVALID');
      const maker = await memberAccess(deps, live.createdBy ?? '', live.createdByEmail);
      if (!maker || !(await staffMaySeeApplication(deps, maker, live.applicationUserId))) {
        // Its maker left the staff or lost the program: the link ends now, and stays ended should they come back.
        await revokeServiceToken(deps.db, live.id, deps.clock.now());
        throw new AppError('SERVICE_TOKEN_INVALID');
      }
      const [row, documents] = await Promise.all([
        findApplication(deps.db, live.applicationUserId),
        listConvertedDocuments(deps, ctx.form, live.applicationUserId),
      ]);
      await recordStaffRead(
        deps.db,
        { userId: live.createdBy ?? '', email: live.createdByEmail },
        live.applicationUserId,
        'print-view',
        {},
        deps.clock.now(),
      );
      reply.header('cache-control', 'no-store');
      return {
        // Equality monitoring data is for the aggregate reports only, never for reading one application (issue 47).
        answer: withoutEqualityAnswers(ctx.form, row?.answers ?? {}),
        add_another: row?.add_another ?? {},
        document_answer: Object.fromEntries(
          documents.map((d) => [d.answerKey, { file_name: d.fileName, file_size: d.fileSize }]),
        ),
        tabs: row?.tabs ?? {},
        ...(row?.kept_basis ? { kept_basis: row.kept_basis } : {}),
      };
    });
  };
}
