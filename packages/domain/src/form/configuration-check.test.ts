import { describe, expect, it } from 'vitest';
import { listAnswerKeys } from './answer-keys';
import { buildForm } from './build-form';
import { checkFormConfiguration, FormConfigurationError, missingPageWarning } from './configuration-check';
import type { FormDefinition, FormPage } from './form-types';
import { text } from './question-builders';
import type { Question } from './question-types';
import { repeatPrefixes } from './repeat-prefixes';
import { specAnswerKeys } from './spec-answer-keys.fixture';
import { sampleFormTenant } from '../../../../test/tenants';

const NO_PROGRAMS = { certificate: [], recommenders: [], researchUpload: [], termsOf: {} };

function page(path: FormPage['path'], questions: Question[]): FormPage {
  const id = path === '/about' ? 'about' : path === '/education-alr' ? 'education' : 'final-steps';
  return { id, path, title: id, step: 1, sections: [{ key: `${id}-section`, questions }] };
}
const formOf = (...pages: FormPage[]): FormDefinition => ({
  shortName: 'T',
  degreeKey: 't_degree',
  pages,
  programs: NO_PROGRAMS,
});

function repeater(count: number, prefixes = repeatPrefixes('job', count)): Question {
  return {
    kind: 'add-another',
    key: 'job',
    label: 'Jobs',
    buttonLabel: 'Add Another Job',
    itemTitle: 'Job',
    maxRepeats: count,
    prefixes,
    items: prefixes.map((p) => [text(`${p}title`, 'Title')]),
  };
}

const errorOf = (run: () => unknown): FormConfigurationError => {
  try {
    run();
  } catch (e) {
    if (e instanceof FormConfigurationError) return e;
    throw e;
  }
  throw new Error('expected a FormConfigurationError');
};

describe('checkFormConfiguration on the real form', () => {
  it('passes against the data model of the specification, _desc keys included', () => {
    const form = buildForm(sampleFormTenant('Acme'));
    const spec = Object.values(specAnswerKeys('Acme')).flat();
    const descs = listAnswerKeys(form).filter((k) => k.endsWith('_desc'));
    expect(
      checkFormConfiguration(form, [...spec, ...descs], {
        schemaKeys: ['first_name', 'college_10_gpa', 'legal_agree'],
      }),
    ).toEqual([]);
  });

  it('passes for another tenant against its own key list', () => {
    const form = buildForm(sampleFormTenant('Other'));
    expect(checkFormConfiguration(form, listAnswerKeys(form))).toEqual([]);
  });

  it('fails when the data model lacks the tenant degree key', () => {
    const form = buildForm(sampleFormTenant('Acme'));
    const model = listAnswerKeys(form).filter((k) => k !== 'acme_degree');
    expect(errorOf(() => checkFormConfiguration(form, model)).message).toContain('acme_degree');
  });
});

describe('checkFormConfiguration on broken forms', () => {
  it('rejects a key asked for on more than one page', () => {
    const form = formOf(
      page('/about', [text('dup', 'A'), text('one', 'One')]),
      page('/final-steps', [text('dup', 'B')]),
    );
    const error = errorOf(() => checkFormConfiguration(form, ['dup', 'one']));
    expect(error.name).toBe('FormConfigurationError');
    expect(error.message).toBe(
      'Your ValidationErrorSummary implementation uses keys that are present in multiple pages. The following keys are duplicates: dup',
    );
  });

  it('rejects a key asked for twice on one page', () => {
    const form = formOf(page('/about', [text('dup', 'A'), text('dup', 'B')]));
    expect(errorOf(() => checkFormConfiguration(form, ['dup'])).message).toContain(
      'more than once on the same page: dup',
    );
  });

  it('rejects keys that are not in the tenant data model', () => {
    const form = formOf(page('/about', [text('known', 'Known'), text('stray', 'Stray')]));
    expect(errorOf(() => checkFormConfiguration(form, ['known'])).message).toBe(
      'Your ValidationErrorSummary implementation uses keys that are not present in the tenant dataModel. The following keys are missing: stray',
    );
  });

  it('rejects conditions on keys that are not in the tenant data model', () => {
    const form = formOf(page('/about', [text('a', 'A', { hideWhen: { valueKey: 'typo', operator: 'answered' } })]));
    expect(errorOf(() => checkFormConfiguration(form, ['a'])).message).toContain('typo');
  });

  it('rejects a repeater prefix that is part of no key', () => {
    const prefixes = repeatPrefixes('job', 3);
    const form = formOf(page('/about', [repeater(3, prefixes)]));
    const model = ['job_title', 'job_2_title', 'job_3_title'];
    expect(checkFormConfiguration(form, model)).toEqual([]);
    const broken = formOf(
      page('/about', [{ ...repeater(3, prefixes), prefixes: [...prefixes, 'jobb_4_'] } as Question]),
    );
    expect(errorOf(() => checkFormConfiguration(broken, model)).message).toContain(
      'not part of any key in the tenant dataModel: jobb_4_',
    );
  });

  it('rejects more than ten repeats', () => {
    const prefixes = repeatPrefixes('job', 11);
    const form = formOf(page('/about', [repeater(11, prefixes)]));
    const error = errorOf(() =>
      checkFormConfiguration(
        form,
        prefixes.map((p) => `${p}title`),
      ),
    );
    expect(error.message).toContain('allows 11 repeats; the maximum is MAX_REPEATS (10)');
    const ten = repeatPrefixes('job', 10);
    expect(
      checkFormConfiguration(
        formOf(page('/about', [repeater(10, ten)])),
        ten.map((p) => `${p}title`),
      ),
    ).toEqual([]);
  });

  it('rejects validation schema keys that are not in the tenant data model', () => {
    const form = formOf(page('/about', [text('a', 'A')]));
    expect(errorOf(() => checkFormConfiguration(form, ['a'], { schemaKeys: ['a', 'ghost'] })).message).toContain(
      'Your validation schema uses keys that are not present in the tenant dataModel. The following keys are missing: ghost',
    );
  });

  it('warns about a validated key that no page asks for', () => {
    const form = formOf(page('/about', [text('a', 'A')]));
    const warnings = checkFormConfiguration(form, ['a', 'orphan'], { schemaKeys: ['a', 'orphan'] });
    expect(warnings).toEqual([
      'The question with yupValueKey orphan does not correlate to a page. Please update pagesToQuestions in the ValidationErrorSummary component.',
    ]);
    expect(warnings[0]).toBe(missingPageWarning('orphan'));
  });
});
