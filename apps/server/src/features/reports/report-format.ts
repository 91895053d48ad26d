import type { ReportFormat } from '@admissions/domain';
import { jsonOrCsv } from '../../http/json-or-csv';

/** JSON or CSV (issue 47); anything else is 406 REPORT_FORMAT_UNKNOWN. */
export function reportFormat(format: string | undefined, accept: string | undefined): ReportFormat {
  return jsonOrCsv(format, accept, 'REPORT_FORMAT_UNKNOWN');
}
