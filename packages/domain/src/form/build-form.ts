import { programCodesWith } from '../programs/program-options';
import type { ProgramsTenant } from '../programs/program-types';
import type { TenantConfig } from '../schemas/tenant-config';
import type { FormDefinition, ProgramRules } from './form-types';
import { localTimeToInstant } from '../time/zoned-time';
import { aboutPage, type DateWindowBanner } from './pages/about-page';
import { educationPage } from './pages/education-page';
import { finalStepsPage } from './pages/final-steps-page';

export type FormTenant = Pick<TenantConfig, 'shortName'> &
  Pick<ProgramsTenant, 'programs' | 'terms'> &
  Partial<Pick<TenantConfig, 'time_zone' | 'priority_deadline'>>;

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

/**
 * The tenant's priority-deadline banner as the About page shows it, its local
 * times made instants in the institution's zone (checked at boot by the tenant
 * schema); none when the tenant has none.
 */
function priorityBanner(tenant: FormTenant): DateWindowBanner | undefined {
  const banner = tenant.priority_deadline;
  if (!banner || !tenant.time_zone) return undefined;
  const from = localTimeToInstant(banner.shows_from, tenant.time_zone);
  const until = localTimeToInstant(banner.until, tenant.time_zone);
  if (!from || !until) return undefined;
  // `until` names the last minute shown: the banner stays through its last second.
  const end = new Date(until.getTime() + 59_999);
  return { label: banner.label, content: banner.text, startsAt: from.toISOString(), endsAt: end.toISOString() };
}

/** The application form of a tenant: every page, question, option list and condition. */
export function buildForm(tenant: FormTenant): FormDefinition {
  const { shortName } = tenant;
  const key = JSON.stringify([shortName, tenant.programs, tenant.terms, tenant.time_zone, tenant.priority_deadline]);
  const cached = cache.get(key);
  if (cached) return cached;
  const degreeKey = degreeKeyFor(shortName);
  const programs = programRulesOf(tenant);
  const form = deepFreeze<FormDefinition>({
    shortName,
    degreeKey,
    pages: [aboutPage(priorityBanner(tenant)), educationPage(tenant, degreeKey, programs), finalStepsPage(programs)],
    programs,
  });
  cache.set(key, form);
  return form;
}
