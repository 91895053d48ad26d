/** Recognised statuses, in the order an application passes through them. */
export const RECOGNISED_WEB_STATUSES = ['started', 'validating', 'submitted'] as const;
export type WebStatus = (typeof RECOGNISED_WEB_STATUSES)[number];
export type DerivedWebStatus = 'none' | WebStatus;

/**
 * SPEC section 4: the status is the count of distinct recognised statuses in
 * the profile list: 0 none, 1 started, 2 validating, 3 submitted.
 */
export function deriveWebStatus(entries: readonly { web_status: string }[]): DerivedWebStatus {
  const seen = new Set(
    entries
      .map((e) => e.web_status)
      .filter((s): s is WebStatus => (RECOGNISED_WEB_STATUSES as readonly string[]).includes(s)),
  );
  return (['none', ...RECOGNISED_WEB_STATUSES] as const)[seen.size] ?? 'submitted';
}
