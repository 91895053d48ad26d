import type { ErrorCode } from '@admissions/domain';
import { AppError } from './app-error';

/**
 * JSON or CSV, for a read that offers both (the reports, the payments list): `?format=` when given, else the
 * Accept header (`text/csv` asks for CSV; JSON, `*\/*` or none for JSON). Anything else is 406 with `unknown`.
 */
export function jsonOrCsv(format: string | undefined, accept: string | undefined, unknown: ErrorCode): 'json' | 'csv' {
  if (format !== undefined) {
    if (format === 'json' || format === 'csv') return format;
    throw new AppError(unknown);
  }
  // A type the client refuses (`;q=0`) is no choice; the rest are taken in the order written.
  const types = (accept ?? '')
    .split(',')
    .filter((part) => !/;\s*q\s*=\s*0(\.0*)?\s*(;|$)/i.test(part))
    .map((part) => part.split(';')[0]!.trim().toLowerCase())
    .filter(Boolean);
  if (types.length === 0) return 'json';
  for (const type of types) {
    if (type === 'text/csv') return 'csv';
    if (type === 'application/json' || type === '*/*' || type === 'application/*') return 'json';
  }
  throw new AppError(unknown);
}
