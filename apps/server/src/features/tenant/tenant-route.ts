import type { FastifyInstance } from 'fastify';
import type { TenantConfig } from '@admissions/domain';

/** GET /public/tenant: the institution's public text, validated at boot. */
export function tenantRoute(tenant: TenantConfig) {
  return async (app: FastifyInstance) => {
    app.get('/tenant', async () => tenant);
  };
}
