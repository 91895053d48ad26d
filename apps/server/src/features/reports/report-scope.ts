import type { TenantConfig } from '@admissions/domain';
import type { ResolvedFilters } from './report-definition';

/**
 * The applications a report counts, as a condition on `applications a`: submitted (withdrawn ones included) in
 * the report's cycle, of one of the programs it covers (the applied_major answer). $1 is the cycle's id and $2
 * the program codes (scopeParams); a statement's own parameters start at $3. Read from the applications rows,
 * not the office's index, so a submission counts before the index's refresher has caught up.
 */
export const SCOPED_APPLICATION = `a.cycle_id = $1 AND a.submitted_at IS NOT NULL
  AND a.answers ->> 'applied_major' = ANY ($2::text[])`;

export const scopeParams = (filters: ResolvedFilters): [string, readonly string[]] => [
  filters.cycleId,
  filters.programs,
];

/** The tenant's decision codes that make an offer (config.tenant.decisions.codes, `offer: true`). */
export const offerCodes = (tenant: Pick<TenantConfig, 'decisions'>): string[] =>
  tenant.decisions.codes.filter((c) => c.offer === true).map((c) => c.code);

/**
 * An application's offer, as SQL joined to `applications a`: its current released decision when the code is an
 * offer (a superseded release and an unreleased draft are never counted). `$codes` names the parameter holding
 * offerCodes.
 */
export const OFFER_JOIN = (codes: string) =>
  `decisions d ON d.user_id = a.user_id AND d.status = 'released' AND d.code = ANY (${codes}::text[])`;

/** A mean or measure for the answer: two decimals, null kept. */
export const twoDecimals = (value: number | string | null): number | null =>
  value === null ? null : Math.round(Number(value) * 100) / 100;
