import type { StaffListRow } from '@admissions/domain';
import { Link } from 'react-router';
import { FEE_STATE_LABELS } from '../../payments/components/fee-format';
import { STATUS_LABELS } from '../components/staff-format';
import styles from '../components/staff.module.css';
import listStyles from './list.module.css';
import { reviewPath, type ReviewOrigin } from '../review/neighbours';
import { labelOf } from './list-columns';
import { formatDays, formatScore } from './work-columns';

/** The letters received of those requested ('1 of 2'); nothing when none was requested. */
export const lettersOf = (row: Pick<StaffListRow, 'letters_received' | 'letters_requested'>) =>
  row.letters_requested > 0 ? `${row.letters_received} of ${row.letters_requested}` : '';

export const rowName = (row: StaffListRow) =>
  [row.last_name, row.first_name].filter(Boolean).join(', ') || '(no name yet)';

interface ListRowProps {
  row: StaffListRow;
  selected: boolean | undefined;
  onSelect: (on: boolean) => void;
  origin: ReviewOrigin;
  time: (iso: string) => string;
  stageLabel: (id: string | null | undefined) => string;
  /** The Fee column (issue 43), where the institution charges fees. */
  showFee?: boolean;
}

/** The application fee and the deposit in a few words ('Paid · deposit overdue'); '' when neither applies. */
export function feeOf(row: Pick<StaffListRow, 'fee' | 'deposit'>): string {
  const parts = [];
  if (row.fee) parts.push(FEE_STATE_LABELS[row.fee]);
  if (row.deposit) parts.push(`deposit ${FEE_STATE_LABELS[row.deposit].toLowerCase()}`);
  const text = parts.join(' · ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function ListRow({ row, selected, onSelect, origin, time, stageLabel, showFee = false }: ListRowProps) {
  const name = rowName(row);
  return (
    <tr data-selected={selected || undefined}>
      {selected !== undefined && (
        <td className={styles.selectCell}>
          <input
            type="checkbox"
            className={styles.select}
            aria-label={`Select ${name}`}
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
          />
        </td>
      )}
      <td className={styles.nameCell}>
        <Link to={`/staff/applications/${row.user_id}`}>{name}</Link>
        {row.preferred_name && <span className={styles.muted}> ({row.preferred_name})</span>}
        {row.web_status === 'submitted' && (
          <>
            {' · '}
            <Link to={reviewPath(row.user_id)} state={{ reviewOrigin: origin }}>
              Review
            </Link>
          </>
        )}
      </td>
      <td {...labelOf('email')}>{row.email}</td>
      <td {...labelOf('program')}>{row.program_label}</td>
      <td {...labelOf('applications_by_person')} className={styles.number}>
        {row.applications_by_person}
      </td>
      <td {...labelOf('entry_term')}>{row.entry_term_label}</td>
      <td {...labelOf('web_status')}>
        {STATUS_LABELS[row.web_status]}
        {row.late && <span className={styles.muted}> (late)</span>}
      </td>
      <td {...labelOf('stage')}>{row.stage_label ?? stageLabel(row.stage)}</td>
      {/* The decision and where it stands, provisional to accepted (issues 32 and 41). */}
      <td {...labelOf('decision')}>{row.decision_state ? `${row.decision_label} (${row.decision_state})` : ''}</td>
      <td {...labelOf('days_in_stage')}>{formatDays(row.days_in_stage)}</td>
      <td {...labelOf('overall_score')} className={styles.number}>
        {formatScore(row.overall_score)}
      </td>
      <td {...labelOf('review_count')} className={styles.number}>
        {row.web_status === 'submitted' ? row.review_count : ''}
      </td>
      <td {...labelOf('last_change')} className={listStyles.time}>
        {time(row.last_change)}
      </td>
      <td {...labelOf('submitted_at')} className={listStyles.time}>
        {row.submitted_at ? time(row.submitted_at) : ''}
      </td>
      {/* Before submission the summary's lines; once submitted what the checklist still lacks (issue 49). */}
      <td {...labelOf('missing_count')} className={styles.number}>
        {row.missing_count}
      </td>
      <td {...labelOf('complete')}>{row.complete ? 'Yes' : 'No'}</td>
      <td {...labelOf('letters_received')}>{lettersOf(row)}</td>
      {showFee && <td data-label="Fee">{feeOf(row)}</td>}
    </tr>
  );
}
