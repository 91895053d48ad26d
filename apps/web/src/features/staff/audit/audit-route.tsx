import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page-loading';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { useAudit, type AuditFilters } from '../api/work-api';
import { CallError } from '../components/error-text';
import { StaffGate } from '../components/staff-gate';
import styles from '../components/staff.module.css';

/** Who did what and when, newest first (administrators): /staff/audit?member=&application=&page=. */
export function AuditRoute() {
  return (
    <StaffGate right="manage_team">
      <AuditPage />
    </StaffGate>
  );
}

function filtersOf(params: URLSearchParams): AuditFilters {
  const page = Number(params.get('page'));
  return {
    member: params.get('member') ?? undefined,
    application: params.get('application') ?? undefined,
    page: page > 1 ? page : undefined,
  };
}

const toParams = (f: AuditFilters) =>
  Object.fromEntries(
    Object.entries(f)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );

/** An entry's detail as short "key: value" text (ids, stages, scores; never an applicant's answers). */
const detailText = (detail: Record<string, unknown>) =>
  Object.entries(detail)
    .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('; ');

function AuditPage() {
  usePageTitle('Audit log');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const audit = useAudit(filters);
  const time = useZonedTime();
  const page = filters.page ?? 1;
  const data = audit.data;
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Audit log</h1>
      <AuditSearch key={params.toString()} filters={filters} onSearch={(f) => setParams(toParams(f))} />
      {audit.isError ? (
        <CallError error={audit.error} />
      ) : !data ? (
        <PageLoading />
      ) : (
        <>
          <p className={styles.summary} role="status">
            {data.entries.length === 0
              ? 'No entry matches.'
              : `Page ${data.page}: ${data.entries.length} entries, newest first.`}
          </p>
          {data.entries.length > 0 && (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">Audit log entries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">When</th>
                    <th scope="col">Member</th>
                    <th scope="col">Action</th>
                    <th scope="col">Application</th>
                    <th scope="col">Detail</th>
                  </tr>
                </thead>
                <tbody>
                  {data.entries.map((e) => (
                    <tr key={e.id}>
                      <td data-label="When">{time(e.created_at)}</td>
                      <td data-label="Member">{e.staff_email}</td>
                      <td data-label="Action">{e.action}</td>
                      <td data-label="Application">
                        {e.application_user_id && (
                          <Link to={`/staff/applications/${encodeURIComponent(e.application_user_id)}`}>
                            {e.application_user_id}
                          </Link>
                        )}
                      </td>
                      <td data-label="Detail" className={styles.detailCell}>
                        {detailText(e.detail)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <nav className={styles.pager} aria-label="Pages of the audit log">
            <Button
              variant="secondary"
              disabled={page <= 1}
              onClick={() => setParams(toParams({ ...filters, page: page - 1 }))}
            >
              Newer entries
            </Button>
            <span>Page {page}</span>
            <Button
              variant="secondary"
              disabled={!data.has_more}
              onClick={() => setParams(toParams({ ...filters, page: page + 1 }))}
            >
              Older entries
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}

function AuditSearch({ filters, onSearch }: { filters: AuditFilters; onSearch: (f: AuditFilters) => void }) {
  const [member, setMember] = useState(filters.member ?? '');
  const [application, setApplication] = useState(filters.application ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({ member: member.trim() || undefined, application: application.trim() || undefined });
  };
  return (
    <form role="search" className={styles.filters} onSubmit={submit} aria-label="Filter the audit log">
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
