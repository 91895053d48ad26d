import {
  GENDERS,
  MONTHS,
  STATES_BY_COUNTRY,
  YES_NO,
  descKey,
  type Answers,
  type QuestionKind,
  type Question,
} from '@admissions/domain';
import { screen } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import type { FormRenderContext } from './form-render-context';
import { repeater, selectQ, textQ } from './form-test-utils';

/**
 * One example per question kind for the contract test. The mapped type makes
 * a kind added to the domain registry without a case here a type error.
 */
export interface ContractCase {
  question: Question;
  /** Answers the example needs to be shown (a controlling answer, a branch condition). */
  answers?: Answers;
  context?: Partial<Omit<FormRenderContext, 'view'>>;
  /** The labelled control, group or text a user finds. */
  find: () => HTMLElement;
  /** The answer key whose error the example shows (null: the kind stores nothing and holds no fields). */
  errorKey: string | null;
  /** A user action, and the changes it must report (null: it reports none through onChange). */
  interact?: (user: UserEvent) => Promise<void>;
  expected?: Answers | null;
  /** Answers for the print view, and text the view's text content must include (or match). */
  printAnswers?: Answers;
  printText?: string | RegExp;
}

const STATES = { category: 'display-and-options', byControlValue: STATES_BY_COUNTRY } as const;

export const CONTRACT_CASES: { readonly [K in QuestionKind]: ContractCase } = {
  text: {
    question: textQ('first_name', 'First name'),
    find: () => screen.getByLabelText('First name'),
    errorKey: 'first_name',
    interact: (user) => user.type(screen.getByLabelText('First name'), 'Ada'),
    expected: { first_name: 'Ada' },
    printAnswers: { first_name: 'Ada' },
    printText: 'Ada',
  },
  textarea: {
    question: { kind: 'textarea', key: 'honor', label: 'Honors and Awards', maxLength: 1500 },
    find: () => screen.getByLabelText('Honors and Awards'),
    errorKey: 'honor',
    interact: (user) => user.type(screen.getByLabelText('Honors and Awards'), 'Dean'),
    expected: { honor: 'Dean' },
    printAnswers: { honor: 'Dean’s list' },
    printText: 'Dean’s list',
  },
  date: {
    question: { kind: 'date', key: 'birth_date', label: 'Date of Birth', maxLength: 10 },
    find: () => screen.getByLabelText('Date of Birth'),
    errorKey: 'birth_date',
    interact: (user) => user.type(screen.getByLabelText('Date of Birth'), '2001-03-04'),
    expected: { birth_date: '2001-03-04' },
    printAnswers: { birth_date: '2001-03-04' },
    printText: 'March 4, 2001',
  },
  'month-year': {
    question: {
      kind: 'month-year',
      key: 'degree_date',
      label: 'Date Conferred',
      months: MONTHS,
      years: { start: 2024, count: 5, direction: 'past' },
      maxLength: 7,
    },
    find: () => screen.getByRole('group', { name: 'Date Conferred' }),
    errorKey: 'degree_date',
    interact: async (user) => {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Date Conferred Month' }), 'May');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Date Conferred Year' }), '2022');
    },
    expected: { degree_date: '2022-05' },
    printAnswers: { degree_date: '2022-05' },
    printText: 'May 2022',
  },
  phone: {
    question: { kind: 'phone', key: 'phone_home', label: 'Home Phone', maxLength: 14 },
    find: () => screen.getByLabelText('Home Phone'),
    errorKey: 'phone_home',
    interact: (user) => user.type(screen.getByLabelText('Home Phone'), '2025550123'),
    expected: { phone_home: '(202) 555-0123' },
    printAnswers: { phone_home: '(202) 555-0123' },
    printText: '(202) 555-0123',
  },
  ssn: {
    question: { kind: 'ssn', key: 'ssn', label: 'Social Security Number', maxLength: 11 },
    find: () => screen.getByLabelText('Social Security Number'),
    errorKey: 'ssn',
    interact: (user) => user.type(screen.getByLabelText('Social Security Number'), '123456789'),
    expected: { ssn: '123-45-6789' },
    printAnswers: { ssn: '123-45-6789' },
    printText: '123-45-6789',
  },
  email: {
    question: { kind: 'email', key: 'recommender_email', label: 'Email', maxLength: 254 },
    find: () => screen.getByLabelText('Email'),
    errorKey: 'recommender_email',
    interact: (user) => user.type(screen.getByLabelText('Email'), 'a@b.co'),
    expected: { recommender_email: 'a@b.co' },
    printAnswers: { recommender_email: 'a@b.co' },
    printText: 'a@b.co',
  },
  select: {
    question: selectQ('gender', 'Gender', GENDERS),
    find: () => screen.getByRole('combobox', { name: 'Gender' }),
    errorKey: 'gender',
    interact: (user) => user.selectOptions(screen.getByRole('combobox', { name: 'Gender' }), 'Female'),
    expected: { gender: 'F', gender_desc: 'Female' },
    printAnswers: { gender: 'F' },
    printText: 'Female',
  },
  'conditional-select': {
    question: {
      kind: 'conditional-select',
      key: 'state',
      label: 'State/Province',
      controlKey: 'country',
      options: STATES,
      descKey: descKey('state'),
      maxLength: 2,
    },
    answers: { country: 'USA' },
    find: () => screen.getByRole('combobox', { name: 'State/Province' }),
    errorKey: 'state',
    // A long list: as a user does, it is opened before an option is chosen.
    interact: async (user) => {
      const list = screen.getByRole('combobox', { name: 'State/Province' });
      await user.click(list);
      await user.selectOptions(list, 'New York');
    },
    expected: { state: 'NY', state_desc: 'New York' },
    printAnswers: { country: 'USA', state: 'NY' },
    printText: 'New York',
  },
  radio: {
    question: {
      kind: 'radio',
      key: 'suspended',
      label: 'Have you ever been dismissed?',
      options: YES_NO,
      descKey: descKey('suspended'),
      maxLength: 1,
    },
    find: () => screen.getByRole('group', { name: 'Have you ever been dismissed?' }),
    errorKey: 'suspended',
    interact: (user) => user.click(screen.getByRole('radio', { name: 'No' })),
    expected: { suspended: 'N', suspended_desc: 'No' },
    printAnswers: { suspended: 'N' },
    printText: /\[X\]Selected: +No/,
  },
  checkbox: {
    question: { kind: 'checkbox', key: 'optin_sms_ind', label: 'Send me text messages.', maxLength: 4 },
    find: () => screen.getByRole('checkbox', { name: 'Send me text messages.' }),
    errorKey: 'optin_sms_ind',
    interact: (user) => user.click(screen.getByRole('checkbox', { name: 'Send me text messages.' })),
    expected: { optin_sms_ind: 'true' },
    printAnswers: { optin_sms_ind: 'true' },
    printText: /\[X\]Selected: +Send me text messages\./,
  },
  'check-group': {
    question: {
      kind: 'check-group',
      key: 'race',
      label: 'Race (check all that apply)',
      items: [
        { kind: 'checkbox', key: 'race_asian', label: 'Asian', maxLength: 4 },
        { kind: 'checkbox', key: 'race_white', label: 'White', maxLength: 4 },
      ],
    },
    find: () => screen.getByRole('group', { name: 'Race (check all that apply)' }),
    errorKey: 'race_white',
    interact: (user) => user.click(screen.getByRole('checkbox', { name: 'White' })),
    expected: { race_white: 'true' },
    printAnswers: { race_white: 'true' },
    printText: /\[ \]Not selected: +Asian\s*\[X\]Selected: +White/,
  },
  'address-block': {
    question: {
      kind: 'address-block',
      key: 'permanent_address',
      label: 'Permanent Address',
      lookupCategory: 'address',
      searchPart: 'address_line_1',
      questions: [
        { ...selectQ('country', 'Country', [{ value: 'USA', label: 'United States' }]), part: 'country' },
        { ...textQ('address_line_1', 'Street Address'), part: 'address_line_1' },
        { ...textQ('city', 'City'), part: 'city' },
      ],
    },
    find: () => screen.getByRole('group', { name: 'Permanent Address' }),
    errorKey: 'address_line_1',
    interact: (user) => user.type(screen.getByLabelText('Street Address'), '1 Main'),
    expected: { address_line_1: '1 Main' },
    printAnswers: { address_line_1: '1 Main St', city: 'Springfield' },
    printText: 'Springfield',
  },
  'school-block': {
    question: {
      kind: 'school-block',
      key: 'college_school',
      label: 'College or University',
      lookupCategory: 'college_ceeb',
      searchPart: 'name',
      questions: [
        { ...textQ('college_name', 'Search for Your School', 100), part: 'name' },
        { kind: 'text', key: 'college_ceeb', label: 'CEEB Code', maxLength: 10, readOnly: true, part: 'ceeb' },
        { ...textQ('college_city', 'City'), part: 'city' },
      ],
    },
    find: () => screen.getByRole('group', { name: 'College or University' }),
    errorKey: 'college_name',
    interact: (user) => user.type(screen.getByLabelText('Search for Your School'), 'Yale'),
    expected: { college_name: 'Yale' },
    printAnswers: { college_name: 'Yale University', college_ceeb: '3987', college_city: 'New Haven' },
    printText: 'Yale University (3987)',
  },
  file: {
    question: {
      kind: 'file',
      key: 'research_upload',
      label: 'Final Project Description',
      accept: ['png', 'jpeg', 'jpg', 'pdf', 'docx'],
      maxBytes: 1_048_576,
      maxNameLength: 32,
      maxLength: 255,
    },
    find: () => screen.getByLabelText('Final Project Description'),
    errorKey: 'research_upload',
    // Logged out: the disabled input. The logged-in widget (ctx.renderFile) is the documents feature's, tested there.
    context: { isLoggedIn: false, documents: { research_upload: { file_name: 'plan.pdf', file_size: 2048 } } },
    printText: 'Document attached for Final Project Description',
  },
  tabs: {
    question: {
      kind: 'tabs',
      key: 'college_transcript',
      label: 'Transcript',
      defaultTab: 'upload',
      tabs: [
        { id: 'upload', label: 'Upload a copy now', questions: [textQ('college_note', 'Note')] },
        {
          id: 'later',
          label: 'I will send it later',
          questions: [
            {
              kind: 'static',
              key: 'later_info',
              label: '',
              content: 'Ask your school to send it.',
              audience: 'everyone',
            },
          ],
        },
      ],
    },
    find: () => screen.getByRole('tablist', { name: 'Transcript' }),
    errorKey: 'college_note',
    interact: (user) => user.type(screen.getByLabelText('Note'), 'x'),
    expected: { college_note: 'x' },
    printAnswers: { college_note: 'Sent by mail' },
    printText: 'Upload a copy now',
  },
  'add-another': {
    question: repeater('college', 3, (prefix) => [textQ(`${prefix}name`, 'School name')]),
    find: () => screen.getByRole('heading', { name: 'School 1' }),
    errorKey: 'college_name',
    interact: (user) => user.type(screen.getByLabelText('School name'), 'Yale'),
    expected: { college_name: 'Yale' },
    printAnswers: { college_name: 'Yale' },
    printText: 'School 1',
  },
  'confirmation-gate': {
    question: {
      kind: 'confirmation-gate',
      key: 'acknowledgement',
      label: 'I understand I cannot change my application after I submit it.',
      control: 'checkbox',
      maxLength: 4,
      unconfirmed: [
        { kind: 'static', key: 'review', label: '', content: 'Please review each step.', audience: 'everyone' },
      ],
      confirmed: [
        { kind: 'static', key: 'ready', label: '', content: 'Press Submit when ready.', audience: 'everyone' },
      ],
    },
    find: () =>
      screen.getByRole('checkbox', { name: 'I understand I cannot change my application after I submit it.' }),
    errorKey: 'acknowledgement',
    interact: (user) =>
      user.click(
        screen.getByRole('checkbox', { name: 'I understand I cannot change my application after I submit it.' }),
      ),
    expected: { acknowledgement: 'true' },
    printAnswers: { acknowledgement: 'true' },
    printText: 'Press Submit when ready.',
  },
  'date-window-banner': {
    question: {
      kind: 'date-window-banner',
      key: 'deadline_banner',
      label: 'Priority deadline',
      startsAt: '2026-10-01T00:00:00Z',
      endsAt: '2027-03-01T00:00:00Z',
      content: 'Apply by March 1.',
    },
    context: { now: new Date('2026-12-01T12:00:00Z') },
    find: () => screen.getByRole('note', { name: 'Priority deadline' }),
    errorKey: null,
  },
  static: {
    question: {
      kind: 'static',
      key: 'info',
      label: '',
      content: 'Transcripts can follow later.',
      audience: 'everyone',
    },
    find: () => screen.getByText('Transcripts can follow later.'),
    errorKey: null,
    printText: 'Transcripts can follow later.',
  },
  'condition-group': {
    question: {
      kind: 'condition-group',
      key: 'degree_seeking',
      label: '',
      branches: [
        { when: { valueKey: 'citizenship', operator: 'equals', target: 'USA' }, questions: [] },
        { when: { valueKey: 'citizenship', operator: 'answered' }, questions: [textQ('visa_type', 'Visa type')] },
      ],
    },
    answers: { citizenship: 'FRA' },
    find: () => screen.getByLabelText('Visa type'),
    errorKey: 'visa_type',
    interact: (user) => user.type(screen.getByLabelText('Visa type'), 'F1'),
    expected: { visa_type: 'F1' },
    printAnswers: { citizenship: 'FRA', visa_type: 'F-1' },
    printText: 'F-1',
  },
};
