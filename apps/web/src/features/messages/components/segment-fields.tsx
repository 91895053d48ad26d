import type { MessageSegment } from '@admissions/domain';
import { useId } from 'react';
import styles from '../messages.module.css';

/** The console list's filters a segment is built from (the same names and values as GET /api/staff/applications). */
export const SEGMENT_FILTERS = [
  { key: 'status', label: 'Status' },
  { key: 'program', label: 'Program' },
  { key: 'term', label: 'Entry term' },
  { key: 'stage', label: 'Stage' },
  { key: 'complete', label: 'Complete' },
  { key: 'decision', label: 'Decision' },
  { key: 'decision_state', label: 'Decision state' },
  { key: 'fee', label: 'Fee' },
] as const;
export type SegmentFilter = (typeof SEGMENT_FILTERS)[number]['key'];

export interface SegmentOption {
  value: string;
  label: string;
}

/**
 * Each filter's choices, as the console list offers them (the staff feature, which owns the list, hands them in:
 * staff/list/list-filter-options.ts). A filter without choices is not shown (no fees, no decision codes yet).
 */
export type SegmentOptions = Record<SegmentFilter, readonly SegmentOption[]>;

/** The composer's segment: every filter's chosen values (none: any), and whether withdrawn applicants are in. */
export interface SegmentChoice {
  values: Record<SegmentFilter, string[]>;
  includeWithdrawn: boolean;
}

const asList = (value: string | string[] | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

export function segmentChoiceOf(segment: MessageSegment | undefined): SegmentChoice {
  const values = Object.fromEntries(SEGMENT_FILTERS.map(({ key }) => [key, asList(segment?.[key])])) as Record<
    SegmentFilter,
    string[]
  >;
  return { values, includeWithdrawn: segment?.include_withdrawn === true };
}

/** The segment as the server takes it: only the filters with a choice, each as a list of values. */
export function segmentOf(choice: SegmentChoice, cycle?: string): MessageSegment {
  const segment: Record<string, unknown> = {};
  for (const { key } of SEGMENT_FILTERS) {
    // Sorted: the same choice is the same segment, whatever order its boxes were ticked in.
    if (choice.values[key].length > 0) segment[key] = [...choice.values[key]].sort();
  }
  if (cycle) segment.cycle = cycle;
  if (choice.includeWithdrawn) segment.include_withdrawn = true;
  return segment as MessageSegment;
}

/** Who the segment reaches, in words ("Program: MA in Education or MS in Data Science; Complete: Not complete"). */
export function segmentSummary(segment: MessageSegment, options: SegmentOptions): string {
  const choice = segmentChoiceOf(segment);
  const parts = SEGMENT_FILTERS.filter(({ key }) => choice.values[key].length > 0).map(
    ({ key, label }) =>
      `${label}: ${choice.values[key].map((v) => options[key].find((o) => o.value === v)?.label ?? v).join(' or ')}`,
  );
  const who = parts.length === 0 ? 'Every applicant in your programs' : parts.join('; ');
  return `${who}${choice.includeWithdrawn ? '; withdrawn applicants included' : ''}`;
}

/**
 * The segment's filters, one group of boxes each: several values of one filter reach applicants with any of them,
 * and filters together reach those who match them all. Withdrawn applicants are left out unless asked for.
 */
export function SegmentFields({
  options,
  choice,
  onChange,
}: {
  options: SegmentOptions;
  choice: SegmentChoice;
  onChange: (next: SegmentChoice) => void;
}) {
  const id = useId();
  const toggle = (key: SegmentFilter, value: string, on: boolean) => {
    const now = choice.values[key];
    const next = on ? [...now, value] : now.filter((v) => v !== value);
    onChange({ ...choice, values: { ...choice.values, [key]: next } });
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Recipients</legend>
      <p id={`${id}-help`} className={styles.help}>
        The console list&apos;s own filters. Tick several values of one filter to reach applicants with any of them; the
        filters together reach those who match every one. A filter with nothing ticked leaves no one out.
      </p>
      <div className={styles.segment}>
        {SEGMENT_FILTERS.filter(({ key }) => options[key].length > 0).map(({ key, label }) => (
          <fieldset key={key} className={styles.filterGroup}>
            <legend>{label}</legend>
            {options[key].map((o) => (
              <div key={o.value} className={styles.choice}>
                <input
                  type="checkbox"
                  id={`${id}-${key}-${o.value}`}
                  checked={choice.values[key].includes(o.value)}
                  onChange={(e) => toggle(key, o.value, e.currentTarget.checked)}
                />
                <label htmlFor={`${id}-${key}-${o.value}`}>{o.label}</label>
              </div>
            ))}
          </fieldset>
        ))}
      </div>
      <div className={styles.choice}>
        <input
          type="checkbox"
          id={`${id}-withdrawn`}
          checked={choice.includeWithdrawn}
          onChange={(e) => onChange({ ...choice, includeWithdrawn: e.currentTarget.checked })}
        />
        <label htmlFor={`${id}-withdrawn`}>Include withdrawn applicants</label>
      </div>
    </fieldset>
  );
}
