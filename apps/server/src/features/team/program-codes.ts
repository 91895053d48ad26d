import { APPLIED_MAJORS } from '@admissions/domain';
import { AppError } from '../../http/app-error';

const CODES = new Set(APPLIED_MAJORS.map((o) => o.value).filter(Boolean));

/** Program limits name real programs: an unknown code is refused (PROGRAM_UNKNOWN), never stored. */
export function checkProgramCodes(programs: readonly string[] | null): string[] | null {
  if (programs === null) return null;
  for (const p of programs) if (!CODES.has(p)) throw new AppError('PROGRAM_UNKNOWN', { errors: { programs: [p] } });
  return [...new Set(programs)].sort();
}
