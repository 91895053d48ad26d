import { useId, type ReactNode } from 'react';
import { Chart } from '../charts/chart';
import type { ChartSpec } from '../charts/chart-spec';
import styles from '../reports.module.css';

/** What the page hands each report's view: the answer, and the section's title, CSV link and time of counting. */
export interface ReportViewProps<R> {
  report: R;
  title: string;
  csvUrl: string;
  generatedAt: string;
}

/**
 * One report as the page shows it: its title, a summary in words, the chart (a picture) and the same numbers
 * in a table beside it, and the link to its CSV.
 */
export function ReportSection({
  title,
  summary,
  chart,
  children,
  csvUrl,
  generatedAt,
}: {
  title: string;
  summary: ReactNode;
  chart?: ChartSpec;
  /** The report's table (ReportTable). */
  children: ReactNode;
  csvUrl: string;
  generatedAt: string;
}) {
  const headingId = useId();
  return (
    <section className={styles.report} aria-labelledby={headingId}>
      <div className={styles.reportHead}>
        <h2 id={headingId} className={styles.reportTitle}>
          {title}
        </h2>
        {/* The name starts with the visible words (WCAG 2.5.3) and says which report. */}
        <a className={styles.csvLink} href={csvUrl} download aria-label={`Download CSV of ${title.toLowerCase()}`}>
          Download CSV
        </a>
      </div>
      <p className={styles.summary} data-testid="report-summary">
        {summary}
      </p>
      <div className={styles.body}>
        {chart && <Chart spec={chart} />}
        {children}
      </div>
      <p className={styles.generated}>Counted at {generatedAt}.</p>
    </section>
  );
}

/**
 * A report's table in a box that scrolls when it is wider (or, `tall`, longer) than the page, and that the
 * keyboard can focus to scroll it (WCAG 2.1.1): a real table with its caption and headers.
 */
export function ReportTable({
  caption,
  tall = false,
  children,
}: {
  caption: string;
  tall?: boolean;
  /** The table's head and body. */
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <div
      className={tall ? `${styles.tableRegion} ${styles.tall}` : styles.tableRegion}
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
    >
      <table className={styles.table}>
        <caption id={captionId}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

/** A share drawn as a bar in a table cell, its number written beside it (the bar is only for the eye). */
export function ShareBar({ share, children }: { share: number | null; children: ReactNode }) {
  const width = share === null ? 0 : Math.max(0, Math.min(1, share)) * 100;
  return (
    <span className={styles.barCell}>
      <span className={styles.bar} aria-hidden="true">
        <span className={styles.barFill} style={{ width: `${width}%` }} />
      </span>
      <span>{children}</span>
    </span>
  );
}

/** A column of a report's table: its header's words, and whether its cells are numbers (set to the right). */
export interface Column {
  label: string;
  number?: boolean;
}

/** A column of numbers. */
export const numberColumn = (label: string): Column => ({ label, number: true });

/** A report table's head: one row of column headers; a bare string is a column of words. */
export function TableHead({ columns }: { columns: (string | Column)[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column) => {
          const { label, number = false } = typeof column === 'string' ? { label: column } : column;
          return (
            <th key={label} scope="col" className={number ? styles.number : undefined}>
              {label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
