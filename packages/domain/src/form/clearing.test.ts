import { describe, expect, it } from 'vitest';
import type { Answers } from '../api/profile';
import { buildForm } from './build-form';
import { applyClearingRules, clearAnswers, hiddenAnswerKeys, tabSwitchClearedKeys } from './clearing';
import type { FormDefinition } from './form-types';
import { checkbox, conditionalSelect, radio, select, text } from './question-builders';
import type { TabsQuestion } from './question-types';
import { allQuestions } from './walk';
import { sampleFormTenant } from '../../../../test/tenants';

const NO_PROGRAMS = { certificate: [], recommenders: [], researchUpload: [], termsOf: {} };

const form = buildForm(sampleFormTenant('Acme'));

/** A one-page form built for one rule at a time. */
function smallForm(questions: FormDefinition['pages'][number]['sections'][number]['questions']): FormDefinition {
  return {
    shortName: 'T',
    degreeKey: 't_degree',
    programs: NO_PROGRAMS,
    pages: [{ id: 'about', path: '/about', title: 'About You', step: 1, sections: [{ key: 's', questions }] }],
  };
}

describe('hidden blocks', () => {
  it('clears the answers of a block when it becomes hidden', () => {
    const prev: Answers = {
      mailing_addr_same_as_perm_addr: 'N',
      mailing_city: 'Boston',
      mailing_state: 'MA',
      mailing_state_desc: 'Massachusetts',
      city: 'Austin',
    };
    const next = applyClearingRules(prev, { ...prev, mailing_addr_same_as_perm_addr: 'Y' }, form);
    expect(next).toMatchObject({
      mailing_addr_same_as_perm_addr: 'Y',
      mailing_city: '',
      mailing_state: '',
      mailing_state_desc: '',
      city: 'Austin',
    });
  });

  it('keeps the answers of a block that stays visible', () => {
    const prev: Answers = { mailing_addr_same_as_perm_addr: 'Y', mailing_city: '' };
    const next = applyClearingRules(prev, { mailing_addr_same_as_perm_addr: 'N', mailing_city: 'Boston' }, form);
    expect(next.mailing_city).toBe('Boston');
  });

  it('clears the recommenders when the program no longer needs them', () => {
    const prev: Answers = {
      applied_major: 'MAPP',
      recommender_first_name: 'Ada',
      recommender_2_email: 'b@example.org',
      recommender_relation: 'PROF',
      recommender_relation_desc: 'Professor or instructor',
    };
    const kept = applyClearingRules(prev, { ...prev, applied_major: 'BMN' }, form);
    expect(kept.recommender_first_name).toBe('Ada');
    const { answers, cleared } = clearAnswers(prev, { ...prev, applied_major: 'GSCUP' }, form);
    expect(answers).toMatchObject({
      recommender_first_name: '',
      recommender_2_email: '',
      recommender_relation: '',
      recommender_relation_desc: '',
    });
    expect(cleared).toEqual(
      expect.arrayContaining(['recommender_first_name', 'recommender_2_email', 'recommender_relation_desc']),
    );
  });

  it('clears the research upload for programs without a final project, and the explanation when suspended is not Y', () => {
    const prev: Answers = {
      applied_major: 'BMAS',
      research_upload: 'plan.pdf',
      suspended: 'Y',
      suspended_comment: 'Long story.',
    };
    const next = applyClearingRules(prev, { ...prev, applied_major: 'MAE', suspended: 'N' }, form);
    expect(next).toMatchObject({ research_upload: '', suspended_comment: '' });
  });

  it('writes an empty value for a hidden answer the new set left out, so saving clears it', () => {
    const next = applyClearingRules({ suspended: 'Y', suspended_comment: 'x' }, { suspended: 'N' }, form);
    expect(next).toEqual({ suspended: 'N', suspended_comment: '' });
  });

  it('does not touch anything when nothing is hidden', () => {
    const prev: Answers = { first_name: 'Ada', suspended: 'Y', suspended_comment: 'x' };
    const next = { ...prev, first_name: 'Grace' };
    expect(clearAnswers(prev, next, form)).toEqual({ answers: next, cleared: [] });
  });

  it('keeps clearing while one cleared answer hides more', () => {
    const chain = smallForm([
      radio('a', 'A', [{ value: 'Y', label: 'Yes' }]),
      radio('b', 'B', [{ value: 'Y', label: 'Yes' }], {
        hideWhen: { valueKey: 'a', operator: 'notEquals', target: 'Y' },
      }),
      text('c', 'C', { hideWhen: { valueKey: 'b', operator: 'notEquals', target: 'Y' } }),
    ]);
    const prev: Answers = { a: 'Y', b: 'Y', b_desc: 'Yes', c: 'deep' };
    expect(applyClearingRules(prev, { ...prev, a: '' }, chain)).toEqual({ a: '', b: '', b_desc: '', c: '' });
  });
});

describe('condition groups', () => {
  const group = smallForm([
    {
      kind: 'condition-group',
      key: 'g',
      label: '',
      branches: [
        { when: { valueKey: 'kind', operator: 'equals', target: 'one' }, questions: [text('first', 'First')] },
        { when: { valueKey: 'kind', operator: 'answered' }, questions: [text('second', 'Second')] },
        { when: { valueKey: 'kind', operator: 'notAnswered' }, questions: [text('third', 'Third')] },
      ],
    },
  ]);
  const all: Answers = { first: '1', second: '2', third: '3' };

  it('keeps the keys of the first branch that holds and clears the rest, even branches that also hold', () => {
    expect(applyClearingRules({}, { ...all, kind: 'one' }, group)).toEqual({
      kind: 'one',
      first: '1',
      second: '',
      third: '',
    });
    expect(applyClearingRules({}, { ...all, kind: 'two' }, group)).toEqual({
      kind: 'two',
      first: '',
      second: '2',
      third: '',
    });
    expect(applyClearingRules({}, { ...all, kind: '' }, group)).toEqual({
      kind: '',
      first: '',
      second: '',
      third: '3',
    });
  });

  it('asks international applicants whether they seek a degree, and clears it for domestic ones', () => {
    const intl: Answers = { citizenship: 'CAN', acme_degree: 'Y', acme_degree_desc: 'Yes' };
    expect(hiddenAnswerKeys(form, intl).has('acme_degree')).toBe(false);
    expect(applyClearingRules(intl, { ...intl, residency_status: 'true' }, form)).toMatchObject({
      acme_degree: '',
      acme_degree_desc: '',
    });
    expect(applyClearingRules(intl, { ...intl, citizenship_dual: 'USA' }, form)).toMatchObject({ acme_degree: '' });
    expect(applyClearingRules(intl, { ...intl, citizenship: '' }, form)).toMatchObject({ acme_degree: '' });
  });
});

describe('conditional selects', () => {
  it('clears the value and its _desc when the controlling answer changes', () => {
    const prev: Answers = {
      college_degree_type: 'BACH',
      college_degree: 'BA',
      college_degree_desc: 'Bachelor of Arts (BA)',
    };
    const next = applyClearingRules(prev, { ...prev, college_degree_type: 'MAST' }, form);
    expect(next).toEqual({ college_degree_type: 'MAST', college_degree: '', college_degree_desc: '' });
  });

  it('clears the state when the country changes, even to another country with states', () => {
    const prev: Answers = { country: 'USA', state: 'NY', state_desc: 'New York' };
    expect(applyClearingRules(prev, { ...prev, country: 'CAN' }, form)).toMatchObject({ state: '', state_desc: '' });
  });

  it('keeps a value set in the same change as its controlling answer (a lookup fills both)', () => {
    const prev: Answers = { country: 'USA', state: 'NY', state_desc: 'New York' };
    const next = applyClearingRules(prev, { country: 'CAN', state: 'ON', state_desc: 'Ontario' }, form);
    expect(next).toEqual({ country: 'CAN', state: 'ON', state_desc: 'Ontario' });
  });

  it('clears a value whose controlling answer leaves it with no options', () => {
    // The country did not change in this update, so only the empty option set can clear the state.
    const stale: Answers = { country: 'FRA', state: 'NY', state_desc: 'New York' };
    expect(hiddenAnswerKeys(form, stale).has('state')).toBe(true);
    expect(applyClearingRules(stale, stale, form)).toMatchObject({ state: '', state_desc: '' });
  });

  it('clears a display-only select when its controller changes too', () => {
    const fixed = smallForm([
      select('plan', 'Plan', [{ value: 'A', label: 'A' }]),
      conditionalSelect('detail', 'Detail', 'plan', {
        category: 'display-only',
        options: [{ value: 'x', label: 'X' }],
      }),
    ]);
    expect(
      applyClearingRules(
        { plan: 'A', detail: 'x', detail_desc: 'X' },
        { plan: '', detail: 'x', detail_desc: 'X' },
        fixed,
      ),
    ).toEqual({
      plan: '',
      detail: '',
      detail_desc: '',
    });
  });
});

describe('confirmation gates', () => {
  const gated = smallForm([
    {
      kind: 'confirmation-gate',
      key: 'ok',
      label: 'I confirm',
      control: 'checkbox',
      maxLength: 4,
      unconfirmed: [text('before', 'Optional note')],
      confirmed: [checkbox('after', 'Revealed')],
    },
  ]);

  it('clears the optional content once confirmed and the revealed content once unconfirmed', () => {
    expect(applyClearingRules({}, { ok: 'true', before: 'n', after: 'true' }, gated)).toEqual({
      ok: 'true',
      before: '',
      after: 'true',
    });
    expect(applyClearingRules({}, { ok: '', before: 'n', after: 'true' }, gated)).toEqual({
      ok: '',
      before: 'n',
      after: '',
    });
  });
});

describe('tabs', () => {
  const tabs = allQuestions(form.pages[1]!).find(
    (q): q is TabsQuestion => q.kind === 'tabs' && q.key === 'college_3_transcript',
  );

  it('clears the answers of the other panes on a switch', () => {
    expect(tabs).toBeDefined();
    expect(tabSwitchClearedKeys(tabs!, 'later')).toEqual(['college_3_transcript_upload']);
    expect(tabSwitchClearedKeys(tabs!, 'upload')).toEqual([]);
  });

  it('are not cleared by the answers alone, since the chosen tab is not an answer', () => {
    expect(hiddenAnswerKeys(form, {}).has('college_3_transcript_upload')).toBe(false);
  });
});
