import { withBlank, type OptionList } from '../answers/answer-option';
import type { ProgramConfig, ProgramsTenant } from './program-types';

/** The program select's choices, in the tenant file's order. */
export function programOptions(tenant: Pick<ProgramsTenant, 'programs'>): OptionList {
  return withBlank(tenant.programs.map((p) => ({ value: p.code, label: p.label })));
}

/** The entry-term select's choices, in the tenant file's order. */
export function termOptions(tenant: Pick<ProgramsTenant, 'terms'>): OptionList {
  return withBlank(tenant.terms.map((t) => ({ value: t.id, label: t.label })));
}

type ProgramFlag = 'certificate' | 'requires_recommenders' | 'requires_research_upload';

/** The codes of the programs with that flag set. */
export function programCodesWith(tenant: Pick<ProgramsTenant, 'programs'>, flag: ProgramFlag): string[] {
  return tenant.programs.filter((p) => p[flag] === true).map((p) => p.code);
}

export function programOf(tenant: Pick<ProgramsTenant, 'programs'>, code: string): ProgramConfig | undefined {
  return tenant.programs.find((p) => p.code === code);
}

/** A program's label for people (the office, recommenders, the PDF copy); the code itself when the tenant no longer offers it. */
export function programLabelOf(tenant: Pick<ProgramsTenant, 'programs'>, code: string): string {
  return code ? (programOf(tenant, code)?.label ?? code) : '';
}

/** A term's label; the id itself for a term the tenant no longer lists. */
export function termLabelOf(tenant: Pick<ProgramsTenant, 'terms'>, id: string): string {
  return id ? (tenant.terms.find((t) => t.id === id)?.label ?? id) : '';
}
