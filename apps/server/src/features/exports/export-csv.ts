import type { TenantConfig, TenantExport } from '@admissions/domain';
import { csvLine } from '../../http/csv';
import { exportValue, type ExportSourceRow } from './export-rows';

/**
 * An export's file (RFC 4180, CRLF lines): a header of the configured column names, then one line per application
 * with the tenant's map applied (e.g. the term 2027FA written as 202710). Every cell goes through the console CSV's
 * csvField, so a value that a spreadsheet would run as a formula gets its leading apostrophe here too. No byte
 * order mark: the reader is a program, not Excel.
 */
export function exportCsv(
  tenant: Pick<TenantConfig, 'programs' | 'terms' | 'decisions'>,
  exp: Pick<TenantExport, 'columns' | 'map'>,
  rows: readonly ExportSourceRow[],
): string {
  const lines = [csvLine(exp.columns)];
  for (const row of rows)
    lines.push(
      csvLine(
        exp.columns.map((column) => {
          const value = exportValue(tenant, row, column);
          return exp.map[column]?.[value] ?? value;
        }),
      ),
    );
  return lines.join('');
}
