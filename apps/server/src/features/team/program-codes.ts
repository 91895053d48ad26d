import type { TenantConfig } from '@admissions/domain';
import { AppError } from '../../http/app-error';

/** Program limits name the tenant's programs: an unknown code is refused (PROGRAM_UNKNOWN), never stored. */
export function checkProgramCodes(
  tenant: Pick<TenantConfig, 'programs'>,
  programs: readonly string[] | null,
): string[] | null {
  if (programs === null) return null;
  const codes = new Set(tenant.programs.map((p) => p.code));
  for (const p of programs) if (!codes.has(p)) throw new AppError('PROGRAM_UNKNOWN', { errors: { programs: [p] } });
  return [...new Set(programs)].sort();
}
