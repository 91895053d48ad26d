import type { Queryable } from '../../infra/db/db';
import { isUuid } from '../../http/is-uuid';
import { recordStaffRead, type AuditEntry } from '../../session/audit-log';
import type { ApiCaller } from './api-caller';

/**
 * The calls whose audit row is written (a request's caller is its own object, api-caller.ts), so that a refusal after
 * it is not audited twice (api-token-auth auditRefusal). Marked once the row is written, never when it is only made.
 */
const audited = new WeakSet<ApiCaller>();

/** Whether the call of this caller has its audit row. */
export const isApiCallAudited = (caller: ApiCaller): boolean => audited.has(caller);

/** The call's audit row is written: by a statement of the route's own (apiCallAuditRow), once it has run. */
export const markApiCallAudited = (caller: ApiCaller): void => void audited.add(caller);

/** The call's audit row was written in a transaction that did not commit: it has none after all. */
export const forgetApiCallAudited = (caller: ApiCaller): void => void audited.delete(caller);

/** Who an API call is in the audit log: the token by its name, so the office reads "api-token:Banner sync". */
export const apiAuditName = (caller: Pick<ApiCaller, 'name'>): string => `api-token:${caller.name}`;

/**
 * The audit row of one /api/v1 call (issue 45: every call is audited with the token's name), written with `db`:
 * the request's connection for a read, the write's transaction for a write. One INSERT. The row has no member
 * (staff_user_id NULL) and action `api-call`; detail.call says what the call did (`action`), detail.token_id
 * which token. `target` is the application the call was about: a well-formed id is the row's application (so the
 * application's own audit trail shows it), anything else is kept in detail.target.
 */
export async function recordApiCall(
  db: Queryable,
  caller: ApiCaller,
  action: string,
  target: string | null,
  detail: object,
  now: Date,
): Promise<void> {
  const row = apiCallAuditRow(caller, action, target, detail, now);
  await recordStaffRead(db, row.staff, row.applicationUserId, row.action, row.detail, row.now);
  markApiCallAudited(caller);
}

/** The audit row recordApiCall writes, for a read that writes it in its own statement (session/audit-log.ts). */
export function apiCallAuditRow(
  caller: ApiCaller,
  action: string,
  target: string | null,
  detail: object,
  now: Date,
): AuditEntry {
  const application = target !== null && isUuid(target) ? target.toLowerCase() : null;
  return {
    staff: { userId: '', email: apiAuditName(caller) },
    applicationUserId: application,
    action: 'api-call',
    detail: {
      ...detail,
      ...(target !== null && application === null ? { target } : {}),
      call: action,
      token_id: caller.tokenId,
    },
    now,
  };
}
