import type { TenantConfig } from '@admissions/domain';
import type { DecisionLabels } from './console-list';

/** The tenant's decision labels by code, as the list and its export show them. */
export function decisionLabels(tenant: TenantConfig): DecisionLabels {
  return new Map(tenant.decisions.codes.map((c) => [c.code, c.label]));
}
