import fastifyCookie from '@fastify/cookie';
import { checkFormConfiguration, listAnswerKeys, validationSchemaKeys } from '@admissions/domain';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import { logoutRoute, publicAccountRoutes } from './features/accounts/accounts-routes';
import { keepAliveRoute } from './features/accounts/keep-alive-route';
import { checkNamedApplication } from './session/application-header';
import { requireSession } from './session/require-session';
import { requireStaff } from './session/require-staff';
import { addAnotherRoutes } from './features/application/add-another-routes';
import { answerRoute } from './features/application/answer-route';
import { carryOverRoute } from './features/application/carry-over-route';
import { createFormContext, type FormContext } from './core/form-context';
import { lastPageRoute } from './features/application/last-page-route';
import { profileRoute } from './features/application/profile-route';
import { submitRoute } from './features/application/submit-route';
import { applicantDecisionRoutes } from './features/decisions/applicant-decision-routes';
import { staffDecisionRoutes } from './features/decisions/staff-decision-routes';
import { applicationsRoutes, cycleRoutes, refuseClosedCycleWrites } from './features/cycles';
import { tabsRoutes } from './features/application/tabs-routes';
import { validationsRoute } from './features/application/validations-route';
import { temporaryAnswersRoutes } from './features/application/temporary-answers-routes';
import { webStatusRoute } from './features/application/web-status-route';
import { lookupRoutes } from './features/lookup/lookup-routes';
import { clientErrorRoute } from './features/client-errors/client-error-route';
import { registerMailWake } from './features/mail/mail-jobs';
import { createApplicantCopies, createPdfRenderer, type ApplicantCopies, type PdfRenderer } from './features/pdf';
import { pdfRoutes } from './features/pdf/pdf-routes';
import { documentRoutes } from './features/documents/document-routes';
import { localUploadRoute } from './features/documents/local-upload-route';
import type { LocalStorage } from './infra/storage/local-storage';
import { deleteAccountRoute } from './features/my-data/delete-account-route';
import { myDataRoute } from './features/my-data/my-data-route';
import { retentionPreviewRoute } from './features/retention';
import { recommendationRoutes } from './features/recommendations/recommendation-routes';
import { recommenderRoutes } from './features/recommendations/recommender-routes';
import { serviceRoutes } from './features/service/service-routes';
import { staffRoutes } from './features/staff/staff-routes';
import { officeItemsRoutes } from './features/office-items';
import { reportsRoutes } from './features/reports';
import {
  applicantMessagesRoutes,
  composeMessageRoutes,
  newsUnsubscribeRoute,
  sendingMessageRoutes,
} from './features/messages';
import { paymentGatewayOf, paymentsRoutes, paymentsWebhookRoute, staffPaymentsRoutes } from './features/payments';
import { teamRoutes } from './features/team';
import { apiV1Routes } from './features/api-v1';
import { apiTokensRoutes } from './features/api-tokens';
import { mfaResetRoute, staffMfaRoutes } from './features/staff-mfa';
import {
  idpCertificateExpiresAt,
  publicSsoRoute,
  signInStatusRoute,
  staffOidcRoutes,
  staffSamlRoutes,
} from './features/staff-sso';
import { statusRoutes, unsubscribeRoute } from './features/status';
import { bounceRoute } from './features/mail';
import { letterRefusalHandlers } from './features/recommendations';
import { tenantRoute } from './features/tenant/tenant-route';
import { exportsRoutes } from './features/exports';
import { healthRoutes, metricsRoute } from './features/operations';
import { webhookRoutes } from './features/webhooks';
import { registerErrorHandler } from './http/error-handler';
import { registerRequestIdHeader, requestIdOf } from './http/request-id';
import { registerRequestMetrics } from './http/request-metrics';
import { registerInputGuard } from './http/input-guard';
import { recordRoutes } from './http/route-list';
import { assertSameOrigin, changesState } from './http/origin-guard';
import { registerWebApp } from './http/web-app';
import { registerArrivalTime } from './http/arrival-time';
import { recordOpenCycle } from './core/open-cycle';
import { keepSubmittedBases } from './core/kept-bases';
import { registerSecurityHeaders } from './http/security-headers';
import { ZOD_ONLY_SCHEMAS } from './http/zod-only-schemas';

/** GET calls that change state still need the same-origin check. */
const STATE_CHANGING_GETS = new Set(['/api/logout']);

/**
 * The whole HTTP application, built the same way by server.ts and by tests.
 * Listening and shutdown live in server.ts.
 */
export async function buildApp(deps: AppDeps, logger: Logger): Promise<FastifyInstance> {
  const app = createFastify(deps, logger);
  await registerPlumbing(app, deps);

  const formContext = createFormContext(deps.config.tenant);
  await prepareAtStart(deps, formContext, logger);
  registerOriginGuard(app, deps.config.publicUrl.origin);

  await app.register(publicRoutes(deps, formContext), { prefix: '/public' });
  await app.register(apiRoutes(deps, formContext), { prefix: '/api' });
  await registerOutsideApi(app, deps, formContext);
  await registerWebApp(app, deps.config.webDist);
  return app;
}

/** The Fastify instance with its limits and timeouts; no hook or route yet. */
function createFastify(deps: AppDeps, logger: Logger): FastifyInstance {
  return Fastify({
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
    // The balancer's X-Request-Id when it sent a sane one, else a new UUID (http/request-id.ts).
    genReqId: requestIdOf,
  });
}

/** The hooks every request passes, in their order: arrival time, request id, metrics, errors, input, headers. */
async function registerPlumbing(app: FastifyInstance, deps: AppDeps): Promise<void> {
  // First of all hooks: a request's arrival is the instant its deadline and its session are judged by.
  registerArrivalTime(app, deps.clock);
  // Only JSON bodies are accepted: a plain-text form post from another site is the classic forgery.
  app.removeContentTypeParser('text/plain');
  registerRequestIdHeader(app);
  registerRequestMetrics(app);
  registerErrorHandler(app);
  registerInputGuard(app);
  recordRoutes(app);
  await app.register(fastifyCookie);
  registerSecurityHeaders(app, deps.config.publicUrl, deps.storage.uploadOrigins);
  registerMailWake(app, deps);
}

/** What each start records or checks before it serves: the open cycle, earlier submissions' bases, the form. */
async function prepareAtStart(deps: AppDeps, formContext: FormContext, logger: Logger): Promise<void> {
  // New applications join the cycle the tenant file opens (decision 042). A database that does not answer at
  // start must not keep the process from serving /health/live (decision 045): the next start records it.
  await recordOpenCycle(deps.db, deps.config.tenant, deps.clock.now()).catch((err: unknown) =>
    logger.warn({ err }, 'the open cycle could not be recorded at start; new applications keep the last one recorded'),
  );
  // Applications submitted before they kept their basis (issue 41) keep this start's; the next start tries again.
  await keepSubmittedBases(deps.db, deps.config.tenant).catch((err: unknown) =>
    logger.warn({ err }, 'the program and term of earlier submissions could not be kept at start'),
  );
  // SPEC section 5: outside production, a form definition that contradicts itself is said in the log at boot.
  if (deps.config.env !== 'production') {
    const warnings = checkFormConfiguration(formContext.form, listAnswerKeys(formContext.form), {
      schemaKeys: validationSchemaKeys(formContext.form),
    });
    for (const warning of warnings) logger.warn(warning);
  }
}

/** A call that changes state must come from the public origin. */
function registerOriginGuard(app: FastifyInstance, publicOrigin: string): void {
  app.addHook('onRequest', async (request) => {
    // A bearer-token call (the MTA's bounces) carries no cookie a forged page could borrow.
    const config = request.routeOptions.config;
    // The payment provider's webhook is proved by its signature of the body, and sends no Origin either; nor does
    // a mailbox provider's one-click unsubscribe (RFC 8058), opened by its signed link alone.
    if (
      changesState(request, STATE_CHANGING_GETS) &&
      !config.bearerAuthenticated &&
      !config.providerSigned &&
      !config.signedLink
    )
      assertSameOrigin(request, publicOrigin);
  });
}

/** /public: the routes open without a session. */
function publicRoutes(deps: AppDeps, formContext: FormContext) {
  return async (scope: FastifyInstance) => {
    await scope.register(tenantRoute(deps.config.tenant));
    await scope.register(publicAccountRoutes(deps));
    await scope.register(temporaryAnswersRoutes(deps, formContext));
    await scope.register(clientErrorRoute(deps));
    await scope.register(recommenderRoutes(deps));
    await scope.register(publicSsoRoute(deps));
    await scope.register(unsubscribeRoute(deps));
    // One click from a news message's List-Unsubscribe (RFC 8058): a signed link, no login.
    await scope.register(newsUnsubscribeRoute(deps, formContext));
    if (deps.storage.kind === 'local')
      await scope.register(localUploadRoute(deps, deps.storage as LocalStorage, 'recommender'));
  };
}

/** /api: the answer save, the applicant's routes behind a session, the office's behind the staff check. */
function apiRoutes(deps: AppDeps, formContext: FormContext) {
  return async (api: FastifyInstance) => {
    api.decorateRequest('session', undefined);
    // The answer save checks its session itself, in the same statement as the save.
    await api.register(answerRoute(deps, formContext));
    // One drawing thread for every PDF the server draws: the applicant's copies (this cycle's, past ones',
    // those in the data download), the office's copies and its packets' separators, decision letters. A
    // thread of its own for each cost some 125 MB of memory more per process once each had drawn
    // (react-pdf and every font loaded again), and its pool's queue keeps them first asked, first drawn.
    const pdfs = createPdfRenderer();
    const applicantCopies = createApplicantCopies(deps, formContext, pdfs);
    // A copy being drawn or stored (one drawn at a submission) is finished before the thread goes.
    api.addHook('onClose', async () => {
      await applicantCopies.settled();
      await pdfs.close();
    });
    await api.register(applicantRoutes(deps, formContext, pdfs, applicantCopies));
    await registerOfficeRoutes(api, deps, formContext, pdfs);
    // The read API (issue 45): bearer tokens, never a session; its packets are drawn by the same thread.
    await api.register(apiV1Routes(deps, formContext, pdfs), { prefix: '/v1' });
  };
}

/** The applicant's routes: a session, the application it names, and no write to a closed cycle's application. */
function applicantRoutes(deps: AppDeps, formContext: FormContext, pdfs: PdfRenderer, applicantCopies: ApplicantCopies) {
  return async (scope: FastifyInstance) => {
    scope.addHook('preHandler', requireSession(deps));
    scope.addHook('preHandler', async (req, reply) => checkNamedApplication(req, reply));
    // A closed cycle's application is read-only until the applicant starts one for the open cycle (decision 052).
    scope.addHook('preHandler', refuseClosedCycleWrites(deps));
    await scope.register(profileRoute(deps));
    await scope.register(logoutRoute(deps));
    await scope.register(keepAliveRoute(deps));
    await scope.register(lastPageRoute(deps, formContext));
    await scope.register(webStatusRoute(deps));
    await scope.register(addAnotherRoutes(deps, formContext));
    await scope.register(tabsRoutes(deps, formContext));
    await scope.register(validationsRoute(deps, formContext));
    // The copy of a just-submitted application is drawn at once, so its download is a read (decision 056).
    await scope.register(submitRoute(deps, formContext, (owner, log) => applicantCopies.drawAhead(owner, log)));
    await scope.register(carryOverRoute(deps, formContext));
    await scope.register(pdfRoutes(deps, applicantCopies, pdfs));
    await scope.register(documentRoutes(deps, formContext));
    await scope.register(recommendationRoutes(deps, formContext));
    await scope.register(myDataRoute(deps, { renderer: pdfs, copies: applicantCopies }));
    await scope.register(deleteAccountRoute(deps));
    await scope.register(statusRoutes(deps, formContext));
    await scope.register(applicantDecisionRoutes(deps, pdfs));
    await scope.register(cycleRoutes(deps, formContext, applicantCopies));
    await scope.register(applicationsRoutes(deps, formContext));
    await scope.register(paymentsRoutes(deps, paymentGatewayOf(deps)));
    await scope.register(applicantMessagesRoutes(deps, formContext));
    if (deps.storage.kind === 'local')
      await scope.register(localUploadRoute(deps, deps.storage as LocalStorage, 'applicant'));
  };
}

/** /api/staff: the admissions office's routes. */
async function registerOfficeRoutes(
  api: FastifyInstance,
  deps: AppDeps,
  formContext: FormContext,
  pdfs: PdfRenderer,
): Promise<void> {
  // The admissions office: its own preHandler answers 401 without a session and 403 to applicants.
  await api.register(staffRoutes(deps, formContext, pdfs), { prefix: '/staff' });
  // The second factor's calls (issue 44): they answer a password session before it has passed its second factor.
  await api.register(staffMfaRoutes(deps), { prefix: '/staff' });
  await api.register(
    async (scope) => {
      scope.addHook('preHandler', requireStaff(deps));
      // The team (decision 039): administrators manage the members here, behind the same staff check.
      await scope.register(teamRoutes(deps));
      await scope.register(apiTokensRoutes(deps));
      await scope.register(mfaResetRoute(deps));
      await scope.register(signInStatusRoute(deps));
      await scope.register(webhookRoutes(deps)); // Signed webhooks (issue 45), behind manage_team.
      await scope.register(retentionPreviewRoute(deps));
      // The office's reports (issue 47), each behind the reports right.
      await scope.register(reportsRoutes(deps, formContext));
      // Fees, waivers and refunds (issue 43), each behind the payments right.
      await scope.register(staffPaymentsRoutes(deps, formContext, paymentGatewayOf(deps)));
      // Messages to groups of applicants (issue 46), each behind the message right.
      await scope.register(composeMessageRoutes(deps, formContext));
      await scope.register(sendingMessageRoutes(deps, formContext));
      await scope.register(exportsRoutes(deps)); // Scheduled exports (issue 45), behind manage_team.
    },
    { prefix: '/staff' },
  );
  await api.register(officeItemsRoutes(deps, formContext), { prefix: '/staff' });
  await api.register(staffDecisionRoutes(deps, formContext), { prefix: '/staff' });
}

/** The routes outside /api: lookups, health and metrics, bounces, the print service. */
async function registerOutsideApi(app: FastifyInstance, deps: AppDeps, formContext: FormContext): Promise<void> {
  await app.register(lookupRoutes(deps, deps.lookups, deps.clock), { prefix: '/lookup' });
  // For the balancer and the operators: no session, no origin (decision 045).
  await app.register(healthRoutes(deps.db));
  if (deps.config.metricsToken)
    await app.register(
      metricsRoute(deps, deps.config.metricsToken, { idpCertificateExpiresAt: idpCertificateExpiresAt(deps.config) }),
    );
  // Bounces handed in by the MTA, only when BOUNCE_TOKEN is set (decision 054).
  if (deps.config.bounces.token)
    await app.register(bounceRoute(deps, deps.config.bounces.token, letterRefusalHandlers(deps)));
  // The payment provider's signed events (issue 43): no session, no origin; the signature is the proof.
  const gateway = paymentGatewayOf(deps);
  if (gateway) await app.register(paymentsWebhookRoute(deps, gateway));
  // SPEC section 7: the print data, opened by a service token alone (never by a session).
  await app.register(serviceRoutes(deps, formContext), { prefix: '/service' });
  // Staff sign-in through the campus OpenID provider (issue 44), when STAFF_OIDC_ISSUER is set.
  if (deps.config.staffAuth.oidc) await app.register(staffOidcRoutes(deps));
  // SAML 2.0 (issue 44), when STAFF_SAML_IDP_METADATA is set: the IdP's metadata is read here, at start.
  if (deps.config.staffAuth.saml) await app.register(staffSamlRoutes(deps));
}
