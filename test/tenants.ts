import { tenantConfigSchema } from '@admissions/domain/schemas';
import type { TenantConfig } from '@admissions/domain';
import lakeside from '../apps/server/tenant/test-tenant-lakeside.json' with { type: 'json' };
import sample from '../apps/server/tenant/sample-tenant.json' with { type: 'json' };

/**
 * The tenant files as the server reads them at boot, for tests of every
 * package (issue 29). Programs and terms are configuration: tests take them
 * from here instead of spelling them again.
 */
export const SAMPLE_TENANT: TenantConfig = tenantConfigSchema.parse(sample);

/** A second, non-SPEC tenant (other programs, terms, zone and deadlines). */
export const LAKESIDE_TENANT: TenantConfig = tenantConfigSchema.parse(lakeside);

/** What buildForm needs of a tenant: the sample's programs, terms and About banner under the given short name. */
export function sampleFormTenant(shortName = SAMPLE_TENANT.shortName) {
  const { programs, terms, time_zone, priority_deadline } = SAMPLE_TENANT;
  return { shortName, programs, terms, time_zone, priority_deadline };
}
