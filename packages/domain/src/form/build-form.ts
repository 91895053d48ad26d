import { programCodesWith } from '../programs/program-options';
import type { ProgramsTenant } from '../programs/program-types';
import type { TenantConfig } from '../schemas/tenant-config';
import type { FormDefinition, ProgramRules } from './form-types';
import { aboutPage } from './pages/about-page';
import { educationPage } from './pages/education-page';
import { finalStepsPage } from './pages/final-steps-page';

export type FormTenant = Pick<TenantConfig, 'shortName'> & Pick<ProgramsTenant, 'programs' | 'terms'>;

/** The degree-seeking answer key is named after the tenant (SPEC section 3). */
export function degreeKeyFor(shortName: string): string {
  return `${shortName.toLowerCase()}_degree`;
}

/**
 * Freezes what is not frozen yet. Something frozen already is an option list
 * (answer-option.ts freezes each list with its options as it makes it), shared
 * by many questions: walking the country list again for each of the ten school
 * blocks was most of the time a phone took to build the form.
 */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

// One definition per tenant, shared by every caller; frozen so no caller can change it for the others.
// Keyed by what the form is made of, so two tenants (or a changed configuration) never share one.
const cache = new Map<string, FormDefinition>();

function programRulesOf(tenant: FormTenant): ProgramRules {
  return {
    certificate: programCodesWith(tenant, 'certificate'),
    recommenders: programCodesWith(tenant, 'requires_recommenders'),
    researchUpload: programCodesWith(tenant, 'requires_research_upload'),
    termsOf: Object.fromEntries(tenant.programs.map((p) => [p.code, [...p.terms]])),
  };
}

/** The application form of a tenant: every page, question, option list and condition. */
export function buildForm(tenant: FormTenant): FormDefinition {
  const { shortName } = tenant;
  const key = JSON.stringify([shortName, tenant.programs, tenant.terms]);
  const cached = cache.get(key);
  if (cached) return cached;
  const degreeKey = degreeKeyFor(shortName);
  const programs = programRulesOf(tenant);
  const form = deepFreeze<FormDefinition>({
    shortName,
    degreeKey,
    pages: [aboutPage(), educationPage(tenant, degreeKey, programs), finalStepsPage(programs)],
    programs,
  });
  cache.set(key, form);
  return form;
}
