import type { TenantConfig } from '../schemas/tenant-config';
import type { FormDefinition } from './form-types';
import { aboutPage } from './pages/about-page';
import { educationPage } from './pages/education-page';
import { finalStepsPage } from './pages/final-steps-page';

export type FormTenant = Pick<TenantConfig, 'shortName'>;

/** The degree-seeking answer key is named after the tenant (SPEC section 3). */
export function degreeKeyFor(shortName: string): string {
  return `${shortName.toLowerCase()}_degree`;
}

function deepFreeze<T>(value: T, seen = new WeakSet<object>()): T {
  if (value !== null && typeof value === 'object' && !seen.has(value)) {
    seen.add(value);
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child, seen);
  }
  return value;
}

// One definition per tenant, shared by every caller; frozen so no caller can change it for the others.
const cache = new Map<string, FormDefinition>();

/** The application form of a tenant: every page, question, option list and condition. */
export function buildForm({ shortName }: FormTenant): FormDefinition {
  const cached = cache.get(shortName);
  if (cached) return cached;
  const degreeKey = degreeKeyFor(shortName);
  const form = deepFreeze<FormDefinition>({
    shortName,
    degreeKey,
    pages: [aboutPage(), educationPage(shortName, degreeKey), finalStepsPage()],
  });
  cache.set(shortName, form);
  return form;
}
