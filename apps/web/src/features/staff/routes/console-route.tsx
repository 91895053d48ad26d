import {
  ALL_CYCLES,
  programOptions,
  STAFF_LIST_SORTS,
  termOptions,
  STAFF_WEB_STATUSES,
  type StaffListRow,
  type StaffListSort,
} from '@admissions/domain';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page-loading';
import { csvExportUrl, useApplicationList, type ListFilters } from '../api/staff-api';
import { StaffGate } from '../components/staff-gate';
import { useTenantConfig } from '../../site/api/get-tenant-config';
import { formatTime, STATUS_LABELS } from '../components/staff-format';
import styles from '../components/staff.module.css';

const COLUMNS: { sort: StaffListSort; title: string }[] = [
  { sort: 'name', title: 'Name' },
  { sort: 'email', title: 'E-mail' },
  { sort: 'program', title: 'Program' },
  { sort: 'entry_term', title: 'Entry term' },
  { sort: 'web_status', title: 'Status' },
  { sort: 'last_change', title: 'Last change' },
  { sort: 'submitted_at', title: 'Submitted' },
  { sort: 'missing_count', title: 'Missing items' },
];

/** The filters live in the address, so a reader can go back, reload or share a view of the list. */
function filtersOf(params: URLSearchParams): ListFilters {
  const sort = params.get('sort');
  const status = params.get('status');
  return {
    q: params.get('q') ?? undefined,
    status: (STAFF_WEB_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ListFilters['status'])
      : undefined,
    program: params.get('program') ?? undefined,
    term: params.get('term') ?? undefined,
    cycle: params.get('cycle') ?? undefined,
    sort: (STAFF_LIST_SORTS as readonly string[]).includes(sort ?? '') ? (sort as StaffListSort) : undefined,
    dir: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : undefined,
    page: Number(params.get('page')) > 1 ? Number(params.get('page')) : undefined,
  };
}

function toParams(filters: ListFilters): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filters)
      .filter(([, v]) => v !== undefined && v !== '')
      .map(([k, v]) => [k, String(v)]),
  );
}

/** The admissions office's work list: /staff. */
export function ConsoleRoute() {
  return (
    <StaffGate>
      <Console />
    </StaffGate>
  );
}

function Console() {
  usePageTitle('Applications');
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useApplicationList(filters, true);
  const update = (next: ListFilters) => setParams(toParams(next));
  const sort = filters.sort ?? 'last_change';
  const dir = filters.dir ?? 'desc';
  const page = filters.page ?? 1;
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Applications</h1>
      <SearchForm filters={filters} onSearch={(f) => update({ ...f, sort: filters.sort, dir: filters.dir })} />
      <p className={styles.summary} role="status">
        {data
          ? `${data.total.toLocaleString('en-US')}${data.total_capped ? '+' : ''} applications`
          : 'Loading applications…'}
        {' · '}
        <a href={csvExportUrl(filters)} download>
          Export these as CSV
        </a>
      </p>
      {!data ? (
        <PageLoading />
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">
              Applications, sorted by {COLUMNS.find((c) => c.sort === sort)?.title}
            </caption>
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <th
                    key={c.sort}
                    scope="col"
                    aria-sort={c.sort === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                  >
                    <button
                      type="button"
                      className={styles.sortButton}
                      onClick={() =>
                        update({
                          ...filters,
                          sort: c.sort,
                          dir:
                            c.sort === sort && dir === 'desc'
                              ? 'asc'
                              : c.sort === sort
                                ? 'desc'
                                : c.sort === 'name' || c.sort === 'email'
                                  ? 'asc'
                                  : 'desc',
                          page: undefined,
                        })
                      }
                    >
                      {c.title}
                      <span aria-hidden="true">{c.sort === sort ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.rows.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length}>No application matches.</td>
                </tr>
              ) : (
                data.rows.map((row) => <Row key={row.user_id} row={row} />)
              )}
            </tbody>
          </table>
        </div>
      )}
      <nav className={styles.pager} aria-label="Pages of applications">
        <Button variant="secondary" disabled={page <= 1} onClick={() => update({ ...filters, page: page - 1 })}>
          Previous page
        </Button>
        <span>
          Page {page} of {pages.toLocaleString('en-US')}
          {data?.total_capped ? '+' : ''}
        </span>
        <Button
          variant="secondary"
          disabled={!data || data.rows.length < data.page_size}
          onClick={() => update({ ...filters, page: page + 1 })}
        >
          Next page
        </Button>
      </nav>
    </div>
  );
}

/** A cell's column title, which a phone shows beside its value: there each row is a card (staff.module.css). */
const labelOf = (sort: StaffListSort) => ({ 'data-label': COLUMNS.find((c) => c.sort === sort)!.title });

function Row({ row }: { row: StaffListRow }) {
  const name = [row.last_name, row.first_name].filter(Boolean).join(', ') || '(no name yet)';
  return (
    <tr>
      <td className={styles.nameCell}>
        <Link to={`/staff/applications/${row.user_id}`}>{name}</Link>
        {row.preferred_name && <span className={styles.muted}> ({row.preferred_name})</span>}
      </td>
      <td {...labelOf('email')}>{row.email}</td>
      <td {...labelOf('program')}>{row.program_label}</td>
      <td {...labelOf('entry_term')}>{row.entry_term_label}</td>
      <td {...labelOf('web_status')}>
        {STATUS_LABELS[row.web_status]}
        {row.late && <span className={styles.muted}> (late)</span>}
      </td>
      <td {...labelOf('last_change')}>{formatTime(row.last_change)}</td>
      <td {...labelOf('submitted_at')}>{row.submitted_at ? formatTime(row.submitted_at) : ''}</td>
      <td {...labelOf('missing_count')} className={styles.number}>
        {row.web_status === 'submitted' ? '' : row.missing_count}
      </td>
    </tr>
  );
}

function SearchForm({ filters, onSearch }: { filters: ListFilters; onSearch: (filters: ListFilters) => void }) {
  const [q, setQ] = useState(filters.q ?? '');
  const [status, setStatus] = useState(filters.status ?? '');
  const [program, setProgram] = useState(filters.program ?? '');
  const [term, setTerm] = useState(filters.term ?? '');
  const [cycle, setCycle] = useState(filters.cycle ?? '');
  const tenant = useTenantConfig();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      q: q.trim() || undefined,
      status: (status || undefined) as ListFilters['status'],
      program: program || undefined,
      term: term || undefined,
      cycle: cycle || undefined,
    });
  };
  return (
    <form role="search" className={styles.filters} onSubmit={submit}>
      <label className={styles.filter}>
        <span>Name or e-mail</span>
        <input type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
      </label>
      <label className={styles.filter}>
        <span>Status</span>
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Any status</option>
          {STAFF_WEB_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.filter}>
        <span>Program</span>
        <select value={program} onChange={(e) => setProgram(e.target.value)}>
          <option value="">Any program</option>
          {programOptions(tenant)
            .filter((o) => o.value)
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
        </select>
      </label>
      <label className={styles.filter}>
        <span>Entry term</span>
        <select value={term} onChange={(e) => setTerm(e.target.value)}>
          <option value="">Any term</option>
          {termOptions(tenant)
            .filter((o) => o.value)
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
        </select>
      </label>
      <label className={styles.filter}>
        <span>Cycle</span>
        {/* The list shows the current cycle unless asked for another (issue 29). */}
        <select value={cycle} onChange={(e) => setCycle(e.target.value)}>
          <option value="">{tenant.cycle.label} (current)</option>
          <option value={ALL_CYCLES}>All cycles</option>
          {cycle && cycle !== ALL_CYCLES && cycle !== tenant.cycle.id && <option value={cycle}>{cycle}</option>}
        </select>
      </label>
      <Button type="submit" className={styles.searchButton}>
        Search
      </Button>
    </form>
  );
}
