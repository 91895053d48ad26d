import type { StaffRight } from '@admissions/domain';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { CallError } from './error-text';
import { StaffGate } from './staff-gate';
import styles from './staff.module.css';

/** A console route: the gate for its `right`, then the page titled `title` with what `Body` shows below. */
export function staffRoute(right: StaffRight, title: string, Body: ComponentType): ComponentType {
  return function StaffRoute() {
    return (
      <StaffGate right={right}>
        <StaffPage title={title}>
          <Body />
        </StaffPage>
      </StaffGate>
    );
  };
}

/** A console page (inside its StaffGate): the document's title and the page's heading, what it shows below. */
export function StaffPage({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>{title}</h1>
      {children}
    </div>
  );
}

/** What a query brought: the refusal if it failed, the loading sign while it comes, then what `children` draw. */
export function Loaded<T>({ query, children }: { query: UseQueryResult<T>; children: (data: T) => ReactNode }) {
  if (query.isError) return <CallError error={query.error} />;
  if (!query.data) return <PageLoading />;
  return children(query.data);
}

/** A console table: it scrolls sideways on a narrow screen; its caption is for screen readers, the columns named. */
export function StaffTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  /** The table's body. */
  children: ReactNode;
}) {
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        {children}
      </table>
    </div>
  );
}
