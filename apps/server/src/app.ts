import fastifyCookie from '@fastify/cookie';
import { checkFormConfiguration, listAnswerKeys, validationSchemaKeys } from '@admissions/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import { logoutRoute, publicAccountRoutes } from './features/accounts/accounts-routes';
import { keepAliveRoute } from './features/accounts/keep-alive-route';
import { requireSession } from './session/require-session';
import { addAnotherRoutes } from './features/application/add-another-routes';
import { answerRoute } from './features/application/answer-route';
import { carryOverRoute } from './features/application/carry-over-route';
import { createFormContext } from './core/form-context';
import { lastPageRoute } from './features/application/last-page-route';
import { profileRoute } from './features/application/profile-route';
import { submitRoute } from './features/application/submit-route';
import { applicantDecisionRoutes } from './features/decisions/applicant-decision-routes';
import { staffDecisionRoutes } from './features/decisions/staff-decision-routes';
import { statusRoute } from './features/status/status-route';
import { tabsRoutes } from './features/application/tabs-routes';
import { validationsRoute } from './features/application/validations-route';
import { temporaryAnswersRoutes } from './features/application/temporary-answers-routes';
import { webStatusRoute } from './features/application/web-status-route';
import { lookupRoutes } from './features/lookup/lookup-routes';
import { clientErrorRoute } from './features/client-errors/client-error-route';
import { registerMailWake } from './features/mail/mail-jobs';
import { pdfRoutes } from './features/pdf/pdf-routes';
import { documentRoutes } from './features/documents/document-routes';
import { localUploadRoute } from './features/documents/local-upload-route';
import type { LocalStorage } from './infra/storage/local-storage';
import { recommendationRoutes } from './features/recommendations/recommendation-routes';
import { recommenderRoutes } from './features/recommendations/recommender-routes';
import { serviceRoutes } from './features/service/service-routes';
import { staffRoutes } from './features/staff/staff-routes';
import { tenantRoute } from './features/tenant/tenant-route';
import { registerErrorHandler } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { recordRoutes } from './http/route-list';
import { assertSameOrigin, changesState } from './http/origin-guard';
import { registerWebApp } from './http/web-app';
import { registerSecurityHeaders } from './http/security-headers';
import { ZOD_ONLY_SCHEMAS } from './http/zod-only-schemas';

/** GET calls that change state still need the same-origin check. */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

/**
 * The whole HTTP application, built the same way by server.ts and by tests.
 * Listening and shutdown live in server.ts.
 */
export async function buildApp(deps: AppDeps, logger: Logger): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: logger as FastifyBaseLogger,
    // Trust exactly as many proxy hops as configured when reading the client address.
    trustProxy: (_address: string, hop: number) => hop < deps.config.trustProxy,
    bodyLimit: 256 * 1024,
    connectionTimeout: 60_000,
    requestTimeout: 30_000,
    // Longer than common load balancers' idle timeout, so they never reuse a socket we closed.
    keepAliveTimeout: 72_000,
    return503OnClosing: true,
    schemaController: ZOD_ONLY_SCHEMAS,
  });
  // Only JSON bodies are accepted: a plain-text form post from another site is the classic forgery.
  app.removeContentTypeParser('text/plain');
  registerErrorHandler(app);
  registerInputGuard(app);
  recordRoutes(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, deps.config.publicUrl, deps.storage.uploadOrigins);
  registerMailWake(app, deps);

  const formContext = createFormContext(deps.config.tenant);
  // SPEC section 5: outside production, a form definition that contradicts itself stops the server at boot.
  if (deps.config.env !== 'production') {
    const warnings = checkFormConfiguration(formContext.form, listAnswerKeys(formContext.form), {
      schemaKeys: validationSchemaKeys(formContext.form),
    });
    for (const warning of warnings) logger.warn(warning);
  }
  const publicOrigin = deps.config.publicUrl.origin;
  app.addHook('onRequest', async (request) => {
    if (changesState(request, STATE_CHANGING_GETS)) assertSameOrigin(request, publicOrigin);
  });

  await app.register(
    async (scope) => {
      await scope.register(tenantRoute(deps.config.tenant));
      await scope.register(publicAccountRoutes(deps));
      await scope.register(temporaryAnswersRoutes(deps, formContext));
      await scope.register(clientErrorRoute(deps));
      await scope.register(recommenderRoutes(deps));
      if (deps.storage.kind === 'local')
        await scope.register(localUploadRoute(deps, deps.storage as LocalStorage, 'recommender'));
    },
    { prefix: '/public' },
  );
  await app.register(
    async (api) => {
      api.decorateRequest('session', undefined);
      // The answer save checks its session itself, in the same statement as the save.
      await api.register(answerRoute(deps, formContext));
      await api.register(async (scope) => {
        scope.addHook('preHandler', requireSession(deps));
        await scope.register(profileRoute(deps));
        await scope.register(logoutRoute(deps));
        await scope.register(keepAliveRoute(deps));
        await scope.register(lastPageRoute(deps, formContext));
        await scope.register(webStatusRoute(deps));
        await scope.register(addAnotherRoutes(deps, formContext));
        await scope.register(tabsRoutes(deps, formContext));
        await scope.register(validationsRoute(deps, formContext));
        await scope.register(submitRoute(deps, formContext));
        await scope.register(carryOverRoute(deps, formContext));
        await scope.register(pdfRoutes(deps, formContext));
        await scope.register(documentRoutes(deps, formContext));
        await scope.register(recommendationRoutes(deps, formContext));
        await scope.register(statusRoute(deps));
        await scope.register(applicantDecisionRoutes(deps));
        if (deps.storage.kind === 'local')
          await scope.register(localUploadRoute(deps, deps.storage as LocalStorage, 'applicant'));
      });
      // The admissions office: its own preHandler answers 401 without a session and 403 to applicants.
      await api.register(staffRoutes(deps, formContext), { prefix: '/staff' });
      await api.register(staffDecisionRoutes(deps, formContext), { prefix: '/staff' });
    },
    { prefix: '/api' },
  );
  await app.register(lookupRoutes(deps.lookups, deps.clock), { prefix: '/lookup' });
  // SPEC section 7: the print data, opened by a service token alone (never by a session).
  await app.register(serviceRoutes(deps, formContext), { prefix: '/service' });
  await registerWebApp(app, deps.config.webDist);
  return app;
}
