import {
  ALL_CYCLES,
  DECISION_STATES,
  FEE_FILTERS,
  programOptions,
  STAFF_LIST_SORTS,
  STAFF_WEB_STATUSES,
  termOptions,
  type StaffListSort,
} from '@admissions/domain';
import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { Button } from '../../../components/ui/button';
import { SelectOptions } from '../../../components/ui/select-options';
import { PageLoading } from '../../../components/ui/page-loading';
import { csvExportUrl, useApplicationList, type ListFilters } from '../api/staff-api';
import { useStageLabel, useStages } from '../api/workflow-api';
import { useDecisionCodes } from '../../decisions/api/decision-api';
import { FEE_FILTER_LABELS } from '../../payments/components/fee-format';
import { hasRight, useStaffAccess } from '../components/staff-access';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useCompactZonedTime } from '../../../shared/site/zoned-time';
import { StaffGate } from '../components/staff-gate';
import { STATUS_LABELS } from '../components/staff-format';
import styles from '../components/staff.module.css';
import listStyles from '../list/list.module.css';
import { BulkActions, SELECT_ALL_ID } from '../list/bulk-actions';
import { COLUMNS, firstDirection } from '../list/list-columns';
import { ListRow } from '../list/list-row';
import type { ReviewOrigin } from '../review/neighbours';

const SORTS: readonly string[] = STAFF_LIST_SORTS;
/** The results' region, where the skip link after the search box goes. */
const RESULTS_ID = 'staff-results';

/** The filters live in the address, so a reader can go back, reload or share a view of the list. */
function filtersOf(params: URLSearchParams): ListFilters {
  const sort = params.get('sort');
  const status = params.get('status');
  const complete = params.get('complete');
  return {
    q: params.get('q') ?? undefined,
    status: (STAFF_WEB_STATUSES as readonly string[]).includes(status ?? '')
      ? (status as ListFilters['status'])
      : undefined,
    program: params.get('program') ?? undefined,
    term: params.get('term') ?? undefined,
    stage: params.get('stage') ?? undefined,
    complete: complete === 'yes' || complete === 'no' ? complete : undefined,
    cycle: params.get('cycle') ?? undefined,
    decision: params.get('decision') ?? undefined,
    decision_state: (DECISION_STATES as readonly string[]).includes(params.get('decision_state') ?? '')
      ? (params.get('decision_state') as ListFilters['decision_state'])
      : undefined,
    fee: (FEE_FILTERS as readonly string[]).includes(params.get('fee') ?? '')
      ? (params.get('fee') as ListFilters['fee'])
      : undefined,
    sort: SORTS.includes(sort ?? '') ? (sort as StaffListSort) : undefined,
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
  const me = useStaffAccess();
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useApplicationList(filters, true);
  const { time, zone } = useCompactZonedTime();
  const stageLabel = useStageLabel();
  // The Fee column (issue 43) only where the institution charges fees.
  const showFee = useTenantConfig().fees !== undefined;
  const sort = filters.sort ?? 'last_change';
  const dir = filters.dir ?? 'desc';
  const page = filters.page ?? 1;
  const data = list.data;
  const rows = data?.rows ?? [];
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  const canSelect = hasRight(me, 'manage_team') || hasRight(me, 'move_stage');
  // The selection belongs to the rows on screen: another search, sort or page starts afresh.
  const view = params.toString();
  const [selection, setSelection] = useState<{ view: string; ids: Set<string> }>({ view, ids: new Set() });
  const selected = selection.view === view ? selection.ids : new Set<string>();
  const select = (ids: Set<string>) => setSelection({ view, ids });
  const [said, setSaid] = useState('');
  const selectAll = useRef<HTMLInputElement>(null);
  const onPage = rows.map((r) => r.user_id);
  const allOnPage = onPage.length > 0 && onPage.every((id) => selected.has(id));
  const someOnPage = onPage.some((id) => selected.has(id));
  // Some but not all rows chosen: the box says so ("mixed") to sight and to screen readers.
  useEffect(() => {
    if (selectAll.current) selectAll.current.indeterminate = someOnPage && !allOnPage;
  });
  const update = (next: ListFilters) => {
    setSaid('');
    setParams(toParams(next));
  };
  const origin: ReviewOrigin = { ids: onPage, back: `/staff${view ? `?${view}` : ''}`, kind: 'list' };

  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Applications</h1>
      <SearchForm
        key={view}
        filters={filters}
        onSearch={(f) => update({ ...f, sort: filters.sort, dir: filters.dir })}
      />
      <p className={styles.summary} role="status">
        {data
          ? `${data.total.toLocaleString('en-US')}${data.total_capped ? '+' : ''} application${data.total === 1 && !data.total_capped ? '' : 's'}`
          : 'Loading applications…'}
        {' · '}
        <a href={csvExportUrl(filters)} download>
          Export these as CSV
        </a>
      </p>
      {canSelect && (
        <BulkActions
          ids={[...selected]}
          nameOf={(id) => {
            const row = rows.find((r) => r.user_id === id);
            return row ? [row.first_name, row.last_name].filter(Boolean).join(' ') || row.email : id;
          }}
          programOf={(id) => rows.find((r) => r.user_id === id)?.program}
          onDone={(message) => {
            setSaid(message);
            select(new Set());
            void list.refetch();
          }}
        />
      )}
      {/* What a bulk action did, read out when it is done. */}
      <p className={styles.summary} aria-live="polite">
        {said}
      </p>
      {!data ? (
        <PageLoading />
      ) : (
        // The skip link's target (issue 49): focusable by script, named by what it holds.
        <div
          id={RESULTS_ID}
          className={`${styles.tableWrap} ${listStyles.results}`}
          role="region"
          aria-label="Results"
          tabIndex={-1}
        >
          <table className={`${styles.table} ${listStyles.table}`}>
            <caption className="visually-hidden">
              Applications, sorted by {COLUMNS.find((c) => c.sort === sort)?.title}
            </caption>
            <thead>
              <tr>
                {canSelect && (
                  <th scope="col" className={styles.selectCell}>
                    <input
                      id={SELECT_ALL_ID}
                      ref={selectAll}
                      type="checkbox"
                      className={styles.select}
                      aria-label="Select all on this page"
                      checked={allOnPage}
                      onChange={(e) => select(new Set(e.target.checked ? onPage : []))}
                    />
                  </th>
                )}
                {COLUMNS.map((c) =>
                  c.sort === null ? (
                    <th key={c.key} scope="col">
                      {c.title}
                    </th>
                  ) : (
                    <SortHeader
                      key={c.sort}
                      column={c.sort}
                      title={c.title}
                      zone={c.zoned ? zone : undefined}
                      sort={sort}
                      dir={dir}
                      onSort={(next) => update({ ...filters, ...next, page: undefined })}
                    />
                  ),
                )}
                {showFee && <th scope="col">Fee</th>}
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={COLUMNS.length + (canSelect ? 1 : 0) + (showFee ? 1 : 0)}>No application matches.</td>
                </tr>
              ) : (
                rows.map((row) => (
                  <ListRow
                    key={row.user_id}
                    row={row}
                    selected={canSelect ? selected.has(row.user_id) : undefined}
                    onSelect={(on) => {
                      const next = new Set(selected);
                      if (on) next.add(row.user_id);
                      else next.delete(row.user_id);
                      select(next);
                    }}
                    origin={origin}
                    time={time}
                    stageLabel={stageLabel}
                    showFee={showFee}
                  />
                ))
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

function SortHeader({
  column,
  title,
  sort,
  dir,
  onSort,
  zone,
}: {
  column: StaffListSort;
  title: string;
  /** The zone the column's times are in, named once here. */
  zone?: { short: string; long: string };
  sort: StaffListSort;
  dir: 'asc' | 'desc';
  onSort: (next: Pick<ListFilters, 'sort' | 'dir'>) => void;
}) {
  return (
    <th scope="col" aria-sort={column === sort ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}>
      <button
        type="button"
        className={styles.sortButton}
        onClick={() =>
          onSort({ sort: column, dir: column === sort ? (dir === 'desc' ? 'asc' : 'desc') : firstDirection(column) })
        }
      >
        {title}
        {zone && (
          <>
            {' '}
            (<abbr title={zone.long}>{zone.short}</abbr>)
          </>
        )}
        <span aria-hidden="true">{column === sort ? (dir === 'asc' ? ' ▲' : ' ▼') : ''}</span>
      </button>
    </th>
  );
}

/** Focus moves by script, so the address keeps its filters and no hash. */
function skipToResults(event: MouseEvent<HTMLAnchorElement>) {
  const target = document.getElementById(RESULTS_ID);
  if (!target) return;
  event.preventDefault();
  target.focus();
}

function SearchForm({ filters, onSearch }: { filters: ListFilters; onSearch: (filters: ListFilters) => void }) {
  const stages = useStages();
  const [q, setQ] = useState(filters.q ?? '');
  const [status, setStatus] = useState(filters.status ?? '');
  const [program, setProgram] = useState(filters.program ?? '');
  const [term, setTerm] = useState(filters.term ?? '');
  const [stage, setStage] = useState(filters.stage ?? '');
  const [cycle, setCycle] = useState(filters.cycle ?? '');
  const [complete, setComplete] = useState(filters.complete ?? '');
  const [decision, setDecision] = useState(filters.decision ?? '');
  const [decisionState, setDecisionState] = useState(filters.decision_state ?? '');
  const [fee, setFee] = useState(filters.fee ?? '');
  const codes = useDecisionCodes({ optional: true });
  const tenant = useTenantConfig();
  // A member limited to programs (decision 039) is offered only theirs: the others would always find nothing.
  const mine = useStaffAccess().programs;
  const programs = programOptions(tenant).filter((o) => o.value && (mine === null || mine.includes(o.value)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch({
      q: q.trim() || undefined,
      status: (status || undefined) as ListFilters['status'],
      program: program || undefined,
      term: term || undefined,
      stage: stage || undefined,
      complete: complete === 'yes' || complete === 'no' ? complete : undefined,
      cycle: cycle || undefined,
      decision: decision || undefined,
      decision_state: (decisionState || undefined) as ListFilters['decision_state'],
      fee: (fee || undefined) as ListFilters['fee'],
    });
  };
  return (
    <form role="search" className={styles.filters} onSubmit={submit}>
      <label className={styles.filter}>
        <span>Name or e-mail</span>
        <input type="search" value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} />
      </label>
      {/* The next stop after the search box: past the other filters to the results (issue 49). */}
      <a className={listStyles.skipLink} href={`#${RESULTS_ID}`} onClick={skipToResults}>
        Skip to results
      </a>
      <label className={styles.filter}>
        <span>Status</span>
        <select value={status} onChange={(e) => setStatus(e.target.value)}>
          <SelectOptions
            none="Any status"
            options={STAFF_WEB_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          />
        </select>
      </label>
      <label className={styles.filter}>
        <span>Program</span>
        <select value={program} onChange={(e) => setProgram(e.target.value)}>
          <SelectOptions none={mine === null ? 'Any program' : 'Any of your programs'} options={programs} />
        </select>
      </label>
      <label className={styles.filter}>
        <span>Entry term</span>
        <select value={term} onChange={(e) => setTerm(e.target.value)}>
          <SelectOptions none="Any term" options={termOptions(tenant).filter((o) => o.value)} />
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
      <label className={styles.filter}>
        <span>Stage</span>
        <select value={stage} onChange={(e) => setStage(e.target.value)}>
          <SelectOptions
            none="Any stage"
            options={(stages.data?.stages ?? []).map((s) => ({ value: s.id, label: s.label }))}
          />
        </select>
      </label>
      <label className={styles.filter}>
        <span>Complete</span>
        {/* Complete: every checklist item received or waived (decision 043). */}
        <select value={complete} onChange={(e) => setComplete(e.target.value)}>
          <option value="">Complete or not</option>
          <option value="yes">Complete</option>
          <option value="no">Not complete</option>
        </select>
      </label>
      <label className={styles.filter}>
        <span>Decision</span>
        <select value={decision} onChange={(e) => setDecision(e.target.value)}>
          <SelectOptions
            none="Any decision"
            options={(codes.data?.codes ?? []).map((c) => ({ value: c.code, label: c.label }))}
          />
        </select>
      </label>
      <label className={styles.filter}>
        <span>Decision state</span>
        <select value={decisionState} onChange={(e) => setDecisionState(e.target.value)}>
          <SelectOptions none="Any state" options={DECISION_STATES.map((s) => ({ value: s, label: s }))} />
        </select>
      </label>
      {/* The application fee and the deposit (issue 43), where the institution charges fees. */}
      {(tenant.fees !== undefined || fee !== '') && (
        <label className={styles.filter}>
          <span>Fee</span>
          <select value={fee} onChange={(e) => setFee(e.target.value)}>
            <SelectOptions
              none="Any fee state"
              options={FEE_FILTERS.map((f) => ({ value: f, label: FEE_FILTER_LABELS[f] }))}
            />
          </select>
        </label>
      )}
      <Button type="submit" className={styles.searchButton}>
        Search
      </Button>
    </form>
  );
}
