import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, type AuditActionName, type AuditEntry } from '@admissions/domain';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useZonedTimeToTheSecond } from '../../../shared/site/zoned-time';
import { useAudit, type AuditFilters } from '../api/work-api';
import styles from '../components/staff.module.css';
import { Loaded, staffRoute, StaffTable } from '../components/staff-page';

/**
 * Who did what and when, newest first (administrators): /staff/audit?member=&application=&name=&action=&page=.
 * Each entry says what was done in the server's words (its summary, features/staff/audit-summary.ts); page
 * views within one minute come folded, counted in that summary. Times are to the second, the zone named.
 */
export const AuditRoute = staffRoute('manage_team', 'Audit log', AuditEntries);

const isAction = (value: string | null): value is AuditActionName =>
  value !== null && (AUDIT_ACTIONS as readonly string[]).includes(value);

function filtersOf(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  const action = params.get('action');
  return {
    member: params.get('member') ?? undefined,
    application: params.get('application') ?? undefined,
    name: params.get('name') ?? undefined,
    action: isAction(action) ? action : undefined,
    page: page > 1 ? page : undefined,
    upto: page > 1 ? (params.get('upto') ?? undefined) : undefined,
  };
}

const toParams = (f: AuditFilters) =>
  Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

const actionLabel = (action: string) => (isAction(action) ? AUDIT_ACTION_LABELS[action] : action);

/** The applicant's name beside the application's id; a link when the reader may open it. */
function ApplicationCell({ entry }: { entry: AuditEntry }) {
  const id = entry.application_user_id;
  if (!id) return null;
  const name = entry.applicant_name ?? 'Application';
  return (
    <>
      {entry.may_open ? <Link to={`/staff/applications/${encodeURIComponent(id)}`}>{name}</Link> : <span>{name}</span>}{' '}
      <span className={styles.muted}>{id}</span>
    </>
  );
}

function AuditEntries() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const audit = useAudit(filters);
  const time = useZonedTimeToTheSecond();
  const page = filters.page ?? 1;
  return (
    <>
      <AuditSearch key={params.toString()} filters={filters} onSearch={(f) => setParams(toParams(f))} />
      <Loaded query={audit}>
        {(data) => (
          <>
            <p className={styles.summary} role="status">
              {data.entries.length === 0
                ? 'No entry matches.'
                : `Page ${data.page}: ${data.entries.length} entries, newest first.`}
            </p>
            {data.entries.length > 0 && (
              <StaffTable
                caption="Audit log entries, newest first"
                columns={['When', 'Member', 'Action', 'Application', 'What was done']}
              >
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="When">{time(e.created_at)}</td>
                      {/* The member's name (issue 49); the address only for a member without one. */}
                      <td data-label="Member">{e.staff_name ?? e.staff_email}</td>
                      <td data-label="Action">{actionLabel(e.action)}</td>
                      <td data-label="Application">
                        <ApplicationCell entry={e} />
                      </td>
                      <td data-label="What was done" className={styles.detailCell}>
                        {e.summary}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </StaffTable>
            )}
            <nav className={styles.pager} aria-label="Pages of the audit log">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() =>
                  setParams(toParams({ ...filters, page: page - 1, upto: page - 1 > 1 ? filters.upto : undefined }))
                }
              >
                Newer entries
              </Button>
              <span>Page {page}</span>
              <Button
                variant="secondary"
                disabled={!data.has_more}
                onClick={() => setParams(toParams({ ...filters, page: page + 1, upto: data.upto ?? undefined }))}
              >
                Older entries
              </Button>
            </nav>
          </>
        )}
      </Loaded>
    </>
  );
}

function AuditSearch({ filters, onSearch }: { filters: AuditFilters; onSearch: (f: AuditFilters) => void }) {
  const [member, setMember] = useState(filters.member ?? '');
  const [application, setApplication] = useState(filters.application ?? '');
  const [name, setName] = useState(filters.name ?? '');
  const [action, setAction] = useState<string>(filters.action ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      member: member.trim() || undefined,
      application: application.trim() || undefined,
      name: name.trim() || undefined,
      action: isAction(action) ? action : undefined,
    });
  };
  return (
    <form role="search" className={styles.filters} onSubmit={submit} aria-label="Filter the audit log">
      <label className={styles.filter}>
        <span>Applicant's name</span>
        <input type="search" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} />
      </label>
      <label className={styles.filter}>
        <span>Action</span>
        <select value={action} onChange={(e) => setAction(e.target.value)}>
          <option value="">Any action</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {AUDIT_ACTION_LABELS[a]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        <span>Member's e-mail</span>
        <input type="search" value={member} maxLength={254} onChange={(e) => setMember(e.target.value)} />
      </label>
      <label className={styles.filter}>
        <span>Application (id)</span>
        <input type="search" value={application} maxLength={64} onChange={(e) => setApplication(e.target.value)} />
      </label>
      <Button type="submit" className={styles.searchButton}>
        Filter
      </Button>
    </form>
  );
}
