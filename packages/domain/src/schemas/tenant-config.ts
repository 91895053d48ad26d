import { z } from 'zod';
import { tenantDecisionsSchema } from './tenant-decisions';

const link = z.strictObject({ label: z.string().min(1), url: z.url() });

/**
 * Institution-specific text (SPEC section 1). It is public: the server sends
 * it to the browser as it is, so it must never hold a secret.
 */
export const tenantConfigSchema = z.strictObject({
  partnerName: z.string().min(1),
  /** Also names the degree-seeking answer key, so it must be a plain word. */
  shortName: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,15}$/, 'must be letters and digits, starting with a letter'),
  secondShortName: z.string().min(1),
  applicationTitle: z.string().min(1),
  webSiteWord: z.string().min(1),
  addressLine1: z.string().min(1),
  addressLine2: z.string().min(1),
  helpEmail: z.email(),
  privacyPolicyUrl: z.url(),
  federalAidLinks: z.array(link).min(1),
  collegeAidInfo: z.string().min(1),
  exploreLinks: z.array(link).length(4),
  /** The institution's IANA time zone: deadlines are its local times, and every time shown names it. */
  time_zone: z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Chicago'),
  /**
   * Decision codes, letters and deny reasons (issue #32). The only part of the
   * tenant the browser never gets (GET /public/tenant leaves it out): no
   * decision word reaches an applicant before release.
   */
  decisions: tenantDecisionsSchema,
});

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export type TenantConfig = z.infer<typeof tenantConfigSchema>;
/** What GET /public/tenant sends the browser: everything but the decisions. */
export type PublicTenantConfig = Omit<TenantConfig, 'decisions'>;
