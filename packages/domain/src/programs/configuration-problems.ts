import { localTimeToInstant } from '../time/zoned-time';
import type { ProgramsTenant } from './program-types';

const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface ConfigurationProblem {
  readonly path: (string | number)[];
  readonly message: string;
}

function duplicates(values: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const v of values) (seen.has(v) ? twice : seen).add(v);
  return twice;
}

/**
 * What is wrong with a tenant's programs, terms and cycle, beyond their
 * shapes: each problem with where it is and a sentence an operator can act
 * on. The tenant schema reports them, so a bad file stops the server at boot.
 */
export function programConfigurationProblems(tenant: ProgramsTenant): ConfigurationProblem[] {
  const problems: ConfigurationProblem[] = [];
  const zone = tenant.time_zone;
  const local = (path: (string | number)[], value: string, what: string) => {
    // A value not shaped like a local time has its own message from the schema.
    if (!LOCAL_DATE_TIME.test(value)) return null;
    const instant = localTimeToInstant(value, zone);
    if (!instant)
      problems.push({
        path,
        message: `${what} ${value} is not a valid local time in ${zone} (a daylight-saving gap, or no such date)`,
      });
    return instant;
  };

  const opens = local(['cycle', 'opens'], tenant.cycle.opens, 'the cycle opens at');
  const closes = local(['cycle', 'closes'], tenant.cycle.closes, 'the cycle closes at');
  if (opens && closes && closes <= opens)
    problems.push({
      path: ['cycle', 'closes'],
      message: `the cycle closes (${tenant.cycle.closes}) before it opens (${tenant.cycle.opens})`,
    });

  const termIds = tenant.terms.map((t) => t.id);
  for (const id of duplicates(termIds))
    problems.push({ path: ['terms'], message: `the term id ${id} is used more than once` });
  for (const code of duplicates(tenant.programs.map((p) => p.code)))
    problems.push({ path: ['programs'], message: `the program code ${code} is used more than once` });

  tenant.programs.forEach((program, i) => {
    for (const term of program.terms)
      if (!termIds.includes(term))
        problems.push({
          path: ['programs', i, 'terms'],
          message: `${program.code} names the term ${term}, which is not one of the terms (${termIds.join(', ')})`,
        });
    const deadline = local(['programs', i, 'deadline'], program.deadline, `the deadline of ${program.code},`);
    if (deadline && opens && deadline < opens)
      problems.push({
        path: ['programs', i, 'deadline'],
        message: `the deadline of ${program.code} (${program.deadline}) is before the cycle opens (${tenant.cycle.opens})`,
      });
    if (deadline && closes && deadline > closes)
      problems.push({
        path: ['programs', i, 'deadline'],
        message: `the deadline of ${program.code} (${program.deadline}) is after the cycle closes (${tenant.cycle.closes})`,
      });
  });
  return problems;
}
