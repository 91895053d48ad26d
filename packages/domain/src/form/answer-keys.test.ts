import { describe, expect, it } from 'vitest';
import { TEXT_AREA_MAX_LENGTH, TEXT_INPUT_MAX_LENGTH } from '../constants';
import { answerMaxLengths, fieldLink, formFields, listAnswerKeys, pageOfKey } from './answer-keys';
import { buildForm, degreeKeyFor } from './build-form';
import { specAnswerKeys } from './spec-answer-keys.fixture';
import { sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('Acme'));
const valueFields = formFields(form).filter((f) => f.descOf === undefined);

describe('answer keys', () => {
  it('names the degree-seeking key after the tenant short name', () => {
    expect(degreeKeyFor('Acme')).toBe('acme_degree');
    expect(form.degreeKey).toBe('acme_degree');
    expect(listAnswerKeys(sampleFormTenant('Beta'))).toContain('beta_degree');
    expect(listAnswerKeys(sampleFormTenant('Beta'))).not.toContain('acme_degree');
  });

  it('asks for every answer key of the specification exactly once, on its page', () => {
    const spec = specAnswerKeys('Acme');
    for (const [path, keys] of Object.entries(spec)) {
      const onPage = valueFields.filter((f) => f.page.path === path).map((f) => f.key);
      expect(onPage.sort(), path).toEqual([...keys].sort());
    }
    const all = valueFields.map((f) => f.key);
    expect(new Set(all).size).toBe(all.length);
  });

  it('adds a _desc key for every radio and select answer, and only for them', () => {
    const choices = valueFields
      .filter((f) => ['radio', 'select', 'conditional-select'].includes(f.question.kind))
      .map((f) => f.key);
    const descs = formFields(form).filter((f) => f.descOf !== undefined);
    expect(descs.map((f) => f.descOf).sort()).toEqual([...choices].sort());
    for (const d of descs) expect(d.key).toBe(`${d.descOf}_desc`);
    expect(choices).toEqual(
      expect.arrayContaining([
        'gender',
        'state',
        'college_10_degree',
        'acme_degree',
        'recommender_2_relation',
        'suspended',
      ]),
    );
  });

  it('lists value and _desc keys for the server, and nothing else', () => {
    const keys = listAnswerKeys(sampleFormTenant('Acme'));
    expect(keys).toContain('college_10_transcript_upload');
    expect(keys).toContain('country_desc');
    expect(keys).not.toContain('college'); // a button id, not an answer
    expect(keys).not.toContain('college_transcript'); // a tab id
    expect(keys).not.toContain('race');
    const spec = Object.values(specAnswerKeys('Acme')).flat();
    const descs = keys.filter((k) => k.endsWith('_desc'));
    expect([...keys].sort()).toEqual([...spec, ...descs].sort());
    expect(spec).toHaveLength(195);
  });

  it('gives every key a maximum length: 45 for text, 1500 for text areas, the longest option for choices', () => {
    const max = answerMaxLengths(sampleFormTenant('Acme'));
    expect(max.get('first_name')).toBe(TEXT_INPUT_MAX_LENGTH);
    expect(max.get('honor')).toBe(TEXT_AREA_MAX_LENGTH);
    expect(max.get('suspended_comment')).toBe(TEXT_AREA_MAX_LENGTH);
    expect(max.get('essay')).toBeGreaterThan(TEXT_AREA_MAX_LENGTH);
    expect(max.get('birth_date')).toBe(10);
    expect(max.get('phone_home')).toBe(14);
    expect(max.get('college_degree_earned_date')).toBe(7);
    expect(max.get('legal_agree')).toBe(4);
    expect(max.get('acknowledgement')).toBe(4);
    expect(max.get('country')).toBe(3);
    expect(max.get('suspended')).toBe(1);
    expect(max.get('applied_major')).toBe(5);
    expect(max.get('country_desc')).toBeGreaterThanOrEqual('South Georgia and the South Sandwich Islands'.length);
    expect(max.get('suspended_desc')).toBe('Yes'.length);
    expect(max.get('constructor')).toBeUndefined();
    for (const key of listAnswerKeys(form)) expect(max.get(key), key).toBeGreaterThan(0);
  });
});

describe('pageOfKey', () => {
  it('maps every answer key, _desc keys included, to its page path', () => {
    expect(pageOfKey(form, 'first_name')).toBe('/about');
    expect(pageOfKey(form, 'mailing_state_desc')).toBe('/about');
    expect(pageOfKey(form, 'college_7_gpa')).toBe('/education-alr');
    expect(pageOfKey(form, 'acme_degree')).toBe('/education-alr');
    expect(pageOfKey(form, 'recommender_email')).toBe('/final-steps');
    expect(pageOfKey(form, 'no_such_key')).toBeUndefined();
    for (const key of listAnswerKeys(form)) expect(pageOfKey(form, key), key).toBeDefined();
  });

  it('links a summary error to the page and the field anchor', () => {
    expect(fieldLink(form, 'suspended_comment')).toBe('/final-steps#suspended_comment');
    expect(fieldLink(form, 'gender_desc')).toBe('/about#gender');
    expect(fieldLink(form, 'no_such_key')).toBeUndefined();
  });
});
