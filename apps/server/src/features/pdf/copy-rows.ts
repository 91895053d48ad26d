import type { CopyLine, CopyPage } from './copy-outline';

/** A line that is not a group, or the title row a group starts with. */
export type FlatLine = Exclude<CopyLine, { kind: 'group' }> | { kind: 'group-title'; title: string };

/** One row of the drawn copy; depth is how many groups it sits in. */
export type CopyRow =
  | { kind: 'page'; title: string }
  | { kind: 'section'; title: string }
  | { kind: 'line'; depth: number; line: FlatLine };

/**
 * The outline as one flat list of rows, in reading order: a group becomes its
 * title row followed by its lines one level deeper. The layout then never
 * nests a page-spanning View (see application-pdf.tsx).
 */
export function flattenCopy(pages: readonly CopyPage[]): CopyRow[] {
  const rows: CopyRow[] = [];
  const addLines = (lines: readonly CopyLine[], depth: number) => {
    for (const line of lines) {
      if (line.kind === 'group') {
        rows.push({ kind: 'line', depth, line: { kind: 'group-title', title: line.title } });
        addLines(line.lines, depth + 1);
      } else rows.push({ kind: 'line', depth, line });
    }
  };
  for (const page of pages) {
    rows.push({ kind: 'page', title: page.title });
    for (const section of page.sections) {
      if (section.title) rows.push({ kind: 'section', title: section.title });
      addLines(section.lines, 0);
    }
  }
  return rows;
}
