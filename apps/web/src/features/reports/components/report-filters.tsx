import type { ReportFilters as Resolved, ReportProgramRef } from '@admissions/domain';
import { useId } from 'react';
import { SelectOptions } from '../../../components/ui/select-options';
import type { ReportQuery } from '../api/reports-api';
import staffStyles from '../../staff/components/staff.module.css';

/**
 * The cycle and program a report is drawn for. A choice applies at once (the report below changes; focus
 * stays on the select) and is kept in the address (`?cycle=&program=`), so a report can be bookmarked or shared.
 * The program select offers only the programs the server says the member may see. A report not drawn by
 * program (the equality report) has no program select: `programNote` says why, in its place.
 */
export function ReportFilters({
  filters,
  query,
  programs,
  programNote,
  onChange,
}: {
  filters: Resolved;
  query: ReportQuery;
  programs: ReportProgramRef[];
  /** The report is not drawn by program: this note instead of the program select. */
  programNote?: string;
  onChange: (query: ReportQuery) => void;
}) {
  const cycleId = useId();
  const programId = useId();
  const cycle = query.cycle ?? filters.cycle.id;
  const program = query.program ?? '';
  return (
    <form
      role="search"
      aria-label="Filter the report"
      className={staffStyles.filters}
      onSubmit={(event) => event.preventDefault()}
    >
      <div className={staffStyles.filter}>
        <label htmlFor={cycleId}>Cycle</label>
        <select id={cycleId} value={cycle} onChange={(e) => onChange({ ...query, cycle: e.target.value })}>
          <SelectOptions options={filters.cycles.map((c) => ({ value: c.id, label: c.label }))} />
        </select>
      </div>
      {programNote !== undefined ? (
        <p className={staffStyles.filter}>{programNote}</p>
      ) : (
        <div className={staffStyles.filter}>
          <label htmlFor={programId}>Program</label>
          <select
            id={programId}
            value={program}
            onChange={(e) => onChange({ ...query, program: e.target.value || undefined })}
          >
            <SelectOptions none="All programs" options={programs.map((p) => ({ value: p.code, label: p.label }))} />
          </select>
        </div>
      )}
    </form>
  );
}
