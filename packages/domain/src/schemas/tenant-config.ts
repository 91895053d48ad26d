import { z } from 'zod';
import { programConfigurationProblems } from '../programs/configuration-problems';
import { localTimeToInstant } from '../time/zoned-time';
import { tenantDecisionsSchema } from './tenant-decisions';
import { tenantFeesSchema } from './payments';
import { exportFilterProblems, tenantExportsSchema } from './tenant-exports';

const link = z.strictObject({ label: z.string().min(1), url: z.url() });

const localDateTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a local date and time such as 2027-01-15T23:59');

/** A program (issue 29): its code is the applied_major answer, so it must be a plain word. */
const program = z.strictObject({
  code: z.string().regex(/^[A-Z][A-Z0-9]{0,11}$/, 'must be capital letters and digits, starting with a letter'),
  label: z.string().min(1),
  certificate: z.boolean().optional(),
  requires_recommenders: z.boolean().optional(),
  requires_research_upload: z.boolean().optional(),
  terms: z.array(z.string().min(1)).min(1, 'must name at least one term'),
  deadline: localDateTime,
  grace_minutes: z.number().int().min(0).max(10_080).optional(),
});

const term = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,16}$/, 'must be letters, digits, - or _'),
  label: z.string().min(1),
  starts: z.iso.date('must be a date such as 2027-08-23'),
});

/**
 * The About page's banner before a priority date (SPEC section 4's date window), e.g. "Apply by March 1,
 * 2027 to be considered first for scholarships". Its words and dates are the institution's, so they live
 * here, not in code; `shows_from` and `until` are local times in the institution's zone, the banner shown
 * from the first minute through the last one. Without it the About page has no banner.
 */
const priorityDeadline = z.strictObject({
  label: z.string().min(1),
  text: z.string().min(1),
  shows_from: localDateTime,
  until: localDateTime,
});

const cycle = z.strictObject({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'must be letters, digits, - or _'),
  label: z.string().min(1),
  opens: localDateTime,
  closes: localDateTime,
});

/**
 * Institution-specific text (SPEC section 1). It is public: the server sends
 * it to the browser as it is, so it must never hold a secret.
 */
export const tenantConfigSchema = z
  .strictObject({
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
    /** The programs offered, their terms and deadlines, and the admission cycle they belong to (issue 29). */
    programs: z.array(program).min(1, 'must list at least one program'),
    terms: z.array(term).min(1, 'must list at least one term'),
    cycle,
    /**
     * How many applications one account may hold in the open cycle, one per program (issue 42); 1 when
     * not set, which keeps one application per account.
     */
    max_applications_per_cycle: z.number().int().min(1).max(10).optional(),
    /** The office's reports (issue 47): the equality report shows a count under `min_cell` as "fewer than N". */
    reports: z.strictObject({ min_cell: z.number().int().min(1).max(100).optional() }).optional(),
    /** Fees, waivers and deposits (issue 43); without it there are no fees. */
    fees: tenantFeesSchema.optional(),
    /** Days before a program's deadline that a reminder of missing items goes out; [7, 1] when not set (decision 044). */
    deadline_reminder_days: z.array(z.number().int().min(1).max(90)).max(10).optional(),
    priority_deadline: priorityDeadline.optional(),
    /**
     * Decision codes, letters and deny reasons (issue #32). The only part of the
     * tenant the browser never gets (GET /public/tenant leaves it out): no
     * decision word reaches an applicant before release.
     */
    decisions: tenantDecisionsSchema,
    /**
     * Scheduled exports to the student-record system (issue 45): kept on the server like the decisions, since
     * they name the campus's hosts (GET /public/tenant leaves them out).
     */
    exports: tenantExportsSchema.optional(),
  })
  // Checks across fields (unknown terms, duplicates, daylight-saving gaps), each with where it is.
  .superRefine((tenant, ctx) => {
    if (!isTimeZone(tenant.time_zone)) return;
    for (const problem of programConfigurationProblems(tenant))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    for (const problem of priorityDeadlineProblems(tenant))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
    const codes = new Set(tenant.programs.map((p) => p.code));
    for (const code of Object.keys(tenant.fees?.application?.by_program ?? {}))
      if (!codes.has(code))
        ctx.addIssue({
          code: 'custom',
          path: ['fees', 'application', 'by_program', code],
          message: 'is not a program',
        });
    const known = {
      decisions: new Set(tenant.decisions.codes.map((c) => c.code)),
      programs: codes,
      terms: new Set(tenant.terms.map((t) => t.id)),
    };
    for (const problem of exportFilterProblems(tenant.exports ?? [], known))
      ctx.addIssue({ code: 'custom', path: problem.path, message: problem.message });
  });

/** The banner's times must be real local times in the institution's zone, the first before the last. */
function priorityDeadlineProblems(tenant: {
  time_zone: string;
  priority_deadline?: z.infer<typeof priorityDeadline>;
}): { path: (string | number)[]; message: string }[] {
  const banner = tenant.priority_deadline;
  if (!banner) return [];
  const from = localTimeToInstant(banner.shows_from, tenant.time_zone);
  const until = localTimeToInstant(banner.until, tenant.time_zone);
  const problems = [];
  for (const [field, instant] of [
    ['shows_from', from],
    ['until', until],
  ] as const)
    if (!instant)
      problems.push({
        path: ['priority_deadline', field],
        message: `${banner[field]} is not a valid local time in ${tenant.time_zone}`,
      });
  if (from && until && from >= until)
    problems.push({ path: ['priority_deadline', 'until'], message: 'must come after shows_from' });
  return problems;
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

export type TenantConfig = z.infer<typeof tenantConfigSchema>;
export type PriorityDeadlineConfig = z.infer<typeof priorityDeadline>;
/** What GET /public/tenant sends the browser: everything but the decisions and the exports. */
export type PublicTenantConfig = Omit<TenantConfig, 'decisions' | 'exports'>;
