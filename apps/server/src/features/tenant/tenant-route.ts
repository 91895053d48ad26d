import type { FastifyInstance } from 'fastify';
import type { PublicTenantConfig, TenantConfig } from '@admissions/domain';

/**
 * GET /public/tenant: the institution's public text, validated at boot. The
 * decisions section (codes, labels, letters, reasons) stays on the server: no
 * decision word reaches an applicant's browser before a release. So do the
 * scheduled exports (issue 45): they name the campus's hosts and folders.
 */
export function tenantRoute(tenant: TenantConfig) {
  const { decisions: _decisions, exports: _exports, ...text } = tenant;
  return async (app: FastifyInstance) => {
    app.get('/tenant', async (): Promise<PublicTenantConfig> => text);
  };
}
