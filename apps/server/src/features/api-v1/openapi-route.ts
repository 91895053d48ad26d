import { apiV1OpenApiDocument } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';

/**
 * GET /api/v1/openapi.json (issue 45): the API's OpenAPI 3.1 document, generated from the schemas the routes
 * validate with (domain schemas/api-v1-openapi.ts). Public, with no token: the API's shape is no secret, and the
 * console's page for IT (/staff/integrations/api) renders it. Built once, at the first call.
 */
export function openApiRoute(deps: AppDeps) {
  let document: ReturnType<typeof apiV1OpenApiDocument> | undefined;
  return async (app: FastifyInstance) => {
    app.get('/openapi.json', async (_req, reply) => {
      document ??= apiV1OpenApiDocument(deps.config.publicUrl.origin);
      return reply.header('cache-control', 'no-cache').send(document);
    });
  };
}
