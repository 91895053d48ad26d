import { describe, expect, it } from 'vitest';
import { BLANK_OPTION, optionLabel } from '../answer-option';
import { COUNTRIES, COUNTRIES_WITHOUT_USA } from './countries';
import { MONTHS } from './months';
import { NAME_PREFIXES, GENDERS } from './personal';
import { STUDENT_GRAD_TYPES } from './programs';
import { programOptions, termOptions } from '../../programs/program-options';
import { SAMPLE_TENANT } from '../../../../../test/tenants';

const APPLIED_MAJORS = programOptions(SAMPLE_TENANT);
const ENTRY_TERMS = termOptions(SAMPLE_TENANT);
import { RECOMMENDER_RELATIONS } from './recommendation';
import { DEGREE_TYPES, DEGREES_BY_TYPE } from './schooling';
import { STATES, STATES_BY_COUNTRY } from './states';
import { yearOptions } from './years';

describe('countries', () => {
  it('lists about 200 countries by ISO alpha-3 code, blank first and the United States second', () => {
    expect(COUNTRIES.length).toBeGreaterThanOrEqual(200);
    expect(COUNTRIES[0]).toEqual({ value: '', label: '--' });
    expect(COUNTRIES[1]).toEqual({ value: 'USA', label: 'United States' });
    for (const c of COUNTRIES.slice(1)) expect(c.value).toMatch(/^[A-Z]{3}$/);
    expect(optionLabel(COUNTRIES, 'CAN')).toBe('Canada');
    expect(optionLabel(COUNTRIES, 'CHN')).toBe('China');
  });

  it('sorts the rest alphabetically with no value twice', () => {
    const rest = COUNTRIES.slice(2).map((c) => c.label);
    expect(rest).toEqual([...rest].sort(new Intl.Collator('en', { sensitivity: 'base' }).compare));
    const values = COUNTRIES.map((c) => c.value);
    expect(new Set(values).size).toBe(values.length);
  });

  it('has a list without the United States that is otherwise the same', () => {
    expect(COUNTRIES_WITHOUT_USA[0]).toEqual(BLANK_OPTION);
    expect(COUNTRIES_WITHOUT_USA.some((c) => c.value === 'USA')).toBe(false);
    expect(COUNTRIES_WITHOUT_USA.length).toBe(COUNTRIES.length - 1);
  });
});

describe('months', () => {
  it('has the blank option and the twelve months numbered from 1', () => {
    expect(MONTHS).toHaveLength(13);
    expect(MONTHS[0]).toEqual(BLANK_OPTION);
    expect(MONTHS[1]).toEqual({ value: '1', label: 'January' });
    expect(MONTHS[12]).toEqual({ value: '12', label: 'December' });
  });
});

describe('states', () => {
  it('lists US states, territories and Canadian provinces after the blank option', () => {
    expect(STATES[0]).toEqual(BLANK_OPTION);
    expect(optionLabel(STATES, 'NY')).toBe('New York');
    expect(optionLabel(STATES, 'PR')).toBe('Puerto Rico');
    expect(optionLabel(STATES, 'ON')).toBe('Ontario');
    expect(STATES.length).toBe(1 + 51 + 11 + 13);
  });

  it('offers only the matching list per country', () => {
    expect(optionLabel(STATES_BY_COUNTRY.USA ?? [], 'ON')).toBe('');
    expect(optionLabel(STATES_BY_COUNTRY.CAN ?? [], 'QC')).toBe('Quebec');
    expect(STATES_BY_COUNTRY.MEX).toBeUndefined();
  });
});

describe('yearOptions', () => {
  it('counts back from the start year for the past', () => {
    expect(yearOptions({ start: 2026, count: 3, direction: 'past' })).toEqual([
      BLANK_OPTION,
      { value: '2026', label: '2026' },
      { value: '2025', label: '2025' },
      { value: '2024', label: '2024' },
    ]);
  });

  it('counts up for the future, from an offset start', () => {
    expect(yearOptions({ start: 2026, offset: 1, count: 2, direction: 'future' }).map((o) => o.value)).toEqual([
      '',
      '2027',
      '2028',
    ]);
  });

  it('starts at the current year by default', () => {
    const now = String(new Date().getFullYear());
    expect(yearOptions({ count: 1, direction: 'future' })[1]?.value).toBe(now);
  });
});

describe('select option lists', () => {
  it.each([
    ['gender', GENDERS],
    ['prefix', NAME_PREFIXES],
    ['applied_major', APPLIED_MAJORS],
    ['entry_term', ENTRY_TERMS],
    ['student_grad_type', STUDENT_GRAD_TYPES],
    ['degree_type', DEGREE_TYPES],
    ['relation', RECOMMENDER_RELATIONS],
  ])('%s starts with the blank option and has unique values', (_, options) => {
    expect(options[0]).toEqual(BLANK_OPTION);
    const values = options.map((o) => o.value);
    expect(new Set(values).size).toBe(values.length);
  });

  it('offers every program the business rules name (the sample tenant reproduces SPEC)', () => {
    expect(
      APPLIED_MAJORS.slice(1)
        .map((o) => o.value)
        .sort(),
    ).toEqual(['BMAS', 'BMN', 'GSCMC', 'GSCUP', 'MAAS', 'MAE', 'MAPP', 'MAPS']);
    expect(optionLabel(APPLIED_MAJORS, 'MAPP')).toBe('MA in Applied Psychology');
  });

  it('has degree choices for every level of study', () => {
    for (const { value } of DEGREE_TYPES.slice(1)) expect(DEGREES_BY_TYPE[value]?.length).toBeGreaterThan(1);
  });
});
