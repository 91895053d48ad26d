import { describe, expect, it } from 'vitest';
import { answerKeysOf, answerKeysUnder } from './answer-keys';
import { buildForm } from './build-form';
import { email, radio, ssn, text } from './question-builders';
import { QUESTION_KIND_NAMES, QUESTION_KINDS } from './question-kinds';
import type { Question, QuestionKind } from './question-types';
import { allQuestions, childrenOf, isHidden, visibleChildren } from './walk';
import { sampleFormTenant } from '../../../../test/tenants';

/** One question of every kind in the registry; the contract below runs against each. */
const child = text('inner', 'Inner');
const SAMPLES: { [K in QuestionKind]: Extract<Question, { kind: K }> } = {
  text: text('t', 'Text'),
  textarea: { kind: 'textarea', key: 'ta', label: 'Area', maxLength: 1500 },
  date: { kind: 'date', key: 'd', label: 'Date', maxLength: 10 },
  'month-year': {
    kind: 'month-year',
    key: 'my',
    label: 'When',
    maxLength: 7,
    months: [],
    years: { count: 3, direction: 'past' },
  },
  phone: { kind: 'phone', key: 'p', label: 'Phone', maxLength: 14 },
  ssn: ssn('s', 'SSN'),
  email: email('e', 'Email'),
  select: { kind: 'select', key: 'sel', label: 'Pick', options: [], descKey: 'sel_desc', maxLength: 1 },
  'conditional-select': {
    kind: 'conditional-select',
    key: 'cs',
    label: 'Pick',
    controlKey: 'sel',
    descKey: 'cs_desc',
    maxLength: 1,
    options: { category: 'display-only', options: [{ value: 'a', label: 'A' }] },
  },
  radio: radio('r', 'Yes?', [{ value: 'Y', label: 'Yes' }]),
  checkbox: { kind: 'checkbox', key: 'cb', label: 'Tick', maxLength: 4 },
  'check-group': {
    kind: 'check-group',
    key: 'cg',
    label: 'Ticks',
    items: [{ kind: 'checkbox', key: 'inner', label: 'One', maxLength: 4 }],
  },
  'address-block': {
    kind: 'address-block',
    key: 'ab',
    label: 'Address',
    lookupCategory: 'address',
    searchPart: 'address_line_1',
    questions: [{ ...child, part: 'city' }],
  },
  'school-block': {
    kind: 'school-block',
    key: 'sb',
    label: 'School',
    lookupCategory: 'college_ceeb',
    searchPart: 'name',
    questions: [{ ...child, part: 'name' }],
  },
  file: { kind: 'file', key: 'f', label: 'File', maxLength: 255, accept: ['pdf'], maxBytes: 1, maxNameLength: 32 },
  tabs: {
    kind: 'tabs',
    key: 'tb',
    label: 'Tabs',
    defaultTab: 'a',
    tabs: [{ id: 'a', label: 'A', questions: [child] }],
  },
  'add-another': {
    kind: 'add-another',
    key: 'aa',
    label: 'More',
    buttonLabel: 'Add',
    itemTitle: 'Item',
    maxRepeats: 1,
    prefixes: ['aa_'],
    items: [[child]],
  },
  'confirmation-gate': {
    kind: 'confirmation-gate',
    key: 'g',
    label: 'OK',
    control: 'button',
    maxLength: 4,
    confirmed: [child],
    unconfirmed: [],
  },
  'date-window-banner': {
    kind: 'date-window-banner',
    key: 'b',
    label: 'News',
    startsAt: '2026-01-01T00:00:00Z',
    endsAt: '2026-02-01T00:00:00Z',
    content: 'x',
  },
  static: { kind: 'static', key: 'st', label: '', content: 'Info', audience: 'everyone' },
  'condition-group': {
    kind: 'condition-group',
    key: 'grp',
    label: '',
    branches: [{ when: { valueKey: 'x', operator: 'notAnswered' }, questions: [child] }],
  },
};

describe.each(QUESTION_KIND_NAMES)('question kind %s', (kind) => {
  const sample = SAMPLES[kind] as Question;
  const info = QUESTION_KINDS[kind];

  it('stores what the registry says', () => {
    const own = answerKeysOf(sample);
    if (info.storage === 'none') expect(own).toEqual([]);
    if (info.storage === 'value') expect(own).toEqual([sample.key]);
    if (info.storage === 'choice') expect(own).toEqual([sample.key, `${sample.key}_desc`]);
  });

  it('has children exactly when the registry calls it a container', () => {
    expect(childrenOf(sample).length > 0).toBe(info.container);
    if (info.container) expect(answerKeysUnder(sample)).toContain('inner');
  });

  it('carries a positive maxLength when it stores a value', () => {
    if (info.storage !== 'none') expect((sample as { maxLength?: number }).maxLength).toBeGreaterThan(0);
  });

  it('can be hidden by a condition', () => {
    const hidden = { ...sample, hideWhen: { valueKey: 'flag', operator: 'equals', target: 'Y' } } as Question;
    expect(isHidden(hidden, { flag: 'Y' })).toBe(true);
    expect(isHidden(hidden, { flag: 'N' })).toBe(false);
    expect(() => visibleChildren(sample, {})).not.toThrow();
  });
});

it('every kind but ssn is used by the real form', () => {
  const used = new Set(
    buildForm(sampleFormTenant('Acme'))
      .pages.flatMap(allQuestions)
      .map((q) => q.kind),
  );
  expect(QUESTION_KIND_NAMES.filter((k) => !used.has(k))).toEqual(['ssn']);
});
