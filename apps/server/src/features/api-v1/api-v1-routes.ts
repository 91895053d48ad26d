import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { apiTokenGuard } from '../api-tokens';
import type { PdfRenderer } from '../pdf';
import { applicationsRoutes } from './applications-routes';
import { documentDownloadRoute, documentsRoutes } from './documents-routes';
import { externalIdsRoute } from './external-ids-route';
import { openApiRoute } from './openapi-route';

/**
 * The read API, version 1 (issue 45, decision 068), registered by app.ts under /api/v1. Every call but two needs a
 * live token (`Authorization: Bearer`, features/api-tokens): sessions never work here. The two without: the
 * OpenAPI document (the API's shape is no secret) and a document's signed download link (the link is the proof).
 * Each route checks its scope (403 API_SCOPE_MISSING) and audits the call with the token's name.
 */
export function apiV1Routes(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer) {
  return async (app: FastifyInstance) => {
    await app.register(openApiRoute(deps));
    await app.register(documentDownloadRoute(deps, ctx));
    await app.register(async (scope) => {
      apiTokenGuard(scope, deps);
      await scope.register(applicationsRoutes(deps, ctx));
      await scope.register(documentsRoutes(deps, ctx, renderer));
      await scope.register(externalIdsRoute(deps));
    });
  };
}
