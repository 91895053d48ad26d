/**
 * The query of GET /api/status, the applicant's checklist and decision: read by the status page, the decision
 * panel and Final Steps, and refreshed by every action that changes an item (a letter request, an address
 * corrected, an answer to an offer), so the checklist agrees with the page without a reload (issue 41).
 */
export const STATUS_QUERY_KEY = ['status'] as const;
