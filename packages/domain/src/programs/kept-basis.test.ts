import { describe, expect, it } from 'vitest';
import { buildForm } from '../form/build-form';
import { keptBasisOf, keptLabelsOf, tenantAsKept } from './kept-basis';
import type { ProgramConfig, TermConfig } from './program-types';

const fall2027: TermConfig = { id: '2027FA', label: 'Fall 2027', starts: '2027-08-23' };
const fall2028: TermConfig = { id: '2028FA', label: 'Fall 2028', starts: '2028-08-28' };
const program = (label: string, terms: string[]): ProgramConfig => ({
  code: 'MAE',
  label,
  terms,
  deadline: '2027-01-15T23:59',
});
const lastYear = { shortName: 'BC', programs: [program('MS in Aerospace', ['2027FA'])], terms: [fall2027] };
const thisYear = { shortName: 'BC', programs: [program('Master of Aerospace', ['2028FA'])], terms: [fall2028] };

describe('the basis a submitted application keeps', () => {
  it('reads the programs and terms offered at submission, whatever the tenant offers now', () => {
    const kept = keptBasisOf(lastYear);
    const asKept = tenantAsKept(thisYear, kept);
    expect(asKept.programs).toEqual(lastYear.programs);
    expect(asKept.terms).toEqual([fall2027]);
    expect(asKept.shortName).toBe('BC');
    expect(keptLabelsOf(kept, 'MAE', '2027FA')).toEqual({ program: 'MS in Aerospace', term: 'Fall 2027' });
    expect(keptLabelsOf(kept, 'XYZ', '2028FA')).toEqual({ program: null, term: null });
    expect(keptLabelsOf(null, 'MAE', '2027FA')).toEqual({ program: null, term: null });
  });

  it('is the tenant itself (one form) when nothing changed, even with keys reordered as jsonb returns them', () => {
    const fromJsonb = JSON.parse(
      JSON.stringify({
        terms: lastYear.terms.map(({ starts, label, id }) => ({ starts, label, id })),
        programs: lastYear.programs.map(({ terms, deadline, label, code }) => ({ terms, deadline, label, code })),
      }),
    );
    expect(tenantAsKept(lastYear, fromJsonb)).toBe(lastYear);
    expect(tenantAsKept(lastYear, null)).toBe(lastYear);
    expect(buildForm(tenantAsKept(lastYear, fromJsonb))).toBe(buildForm(lastYear));
    // Another tenant reads as the one kept: the same choices, in the same order.
    expect(JSON.stringify(buildForm(tenantAsKept(thisYear, fromJsonb)).pages[1])).toBe(
      JSON.stringify(buildForm(lastYear).pages[1]),
    );
  });
});
