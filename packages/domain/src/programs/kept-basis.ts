import type { ProgramConfig, ProgramsTenant, TermConfig } from './program-types';

/**
 * What a submitted application keeps of the configuration it was judged by (issue 41): the programs and
 * terms the tenant file offered when it was submitted (labels, start dates, and what each program asks of
 * the applicant: the checklist's basis). A tenant file that later drops a term or renames a program changes
 * nothing an applicant or the office reads of it: a released letter still says "starting in Fall 2027", the
 * PDF copy still lists the choices she had, and the checklist still counts the answers it accepted.
 */
export interface KeptBasis {
  readonly programs: readonly ProgramConfig[];
  readonly terms: readonly TermConfig[];
}

/** The basis a submission keeps: the tenant's programs and terms of the moment. */
export function keptBasisOf(tenant: Pick<ProgramsTenant, 'programs' | 'terms'>): KeptBasis {
  return { programs: tenant.programs, terms: tenant.terms };
}

/**
 * The tenant as an application kept it: its programs and terms in place of today's, everything else as
 * today. Without a kept basis, or with one equal to today's, the tenant itself, so the forms built from
 * both are one and the same.
 */
export function tenantAsKept<T extends Pick<ProgramsTenant, 'programs' | 'terms'>>(
  tenant: T,
  kept: KeptBasis | null | undefined,
): T {
  if (!kept || canonicalOfTenant(tenant) === canonical(kept)) return tenant;
  return { ...tenant, programs: kept.programs, terms: kept.terms };
}

/** A program's and a term's labels as the basis has them; null for a code it lacks. */
export function keptLabelsOf(kept: KeptBasis | null | undefined, program: string, term: string) {
  return {
    program: kept?.programs.find((p) => p.code === program)?.label ?? null,
    term: kept?.terms.find((t) => t.id === term)?.label ?? null,
  };
}

// The tenant's side of the comparison, once per configuration: every checklist of a batch compares against it.
const tenantCanonical = new WeakMap<object, string>();
function canonicalOfTenant(tenant: Pick<ProgramsTenant, 'programs' | 'terms'>): string {
  let found = tenantCanonical.get(tenant);
  if (found === undefined) {
    found = canonical(keptBasisOf(tenant));
    tenantCanonical.set(tenant, found);
  }
  return found;
}

/** JSON with every object's keys in one order: a basis read back from jsonb has its keys reordered. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}
