/**
 * The tenant's programs, entry terms and admission cycle (issue 29). Plain
 * types, so the browser gets them without zod; the schema that checks them
 * at boot is schemas/tenant-config.ts.
 */

/** A program the applicant can choose, and what it asks of them. */
export interface ProgramConfig {
  readonly code: string;
  readonly label: string;
  /** Certificate programs are open to US citizens and permanent residents only (SPEC section 5). */
  readonly certificate?: boolean | undefined;
  readonly requires_recommenders?: boolean | undefined;
  readonly requires_research_upload?: boolean | undefined;
  /** Ids of the terms it starts in. */
  readonly terms: readonly string[];
  /** A local date and time in the institution's zone ('2027-01-15T23:59'): that minute is still on time. */
  readonly deadline: string;
  /** Minutes after the deadline in which a submission is still accepted, and marked late. */
  readonly grace_minutes?: number | undefined;
}

export interface TermConfig {
  readonly id: string;
  readonly label: string;
  /** The first day of classes, a local date ('2027-08-23'). */
  readonly starts: string;
}

/** The admission cycle open now; every application belongs to the cycle open when it was started. */
export interface CycleConfig {
  readonly id: string;
  readonly label: string;
  /** Local dates and times in the institution's zone. */
  readonly opens: string;
  readonly closes: string;
}

/** What the form, the rules and the deadlines read from the tenant. */
export interface ProgramsTenant {
  readonly time_zone: string;
  readonly programs: readonly ProgramConfig[];
  readonly terms: readonly TermConfig[];
  readonly cycle: CycleConfig;
}
