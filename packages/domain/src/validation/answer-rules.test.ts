import { describe, expect, it } from 'vitest';
import type { Answers, DocumentAnswer } from '../api/profile';
import type { OptionList } from '../answers/answer-option';
import { formFields, listAnswerKeys } from '../form/answer-keys';
import { buildForm } from '../form/build-form';
import { checkFormConfiguration } from '../form/configuration-check';
import { specAnswerKeys } from '../form/spec-answer-keys.fixture';
import type { ViewState } from '../form/walk';
import { answerRules, validateAnswers, validationSchemaKeys } from './answer-rules';
import { VALIDATION_MESSAGES as M } from './messages';
import {
  hasValidationErrors,
  inPlayAnswerKeys,
  mergeValidationErrors,
  orderValidationErrors,
  runRules,
} from './rule-engine';
import { LAKESIDE_TENANT, sampleFormTenant } from '../../../../test/tenants';

const form = buildForm(sampleFormTenant('Acme'));
const NOW = new Date('2026-06-15T12:00:00Z');
const DEGREE_LABEL = 'Do you plan to attend Acme as a degree-seeking student?';
const ENTRY_STATUS_LABEL = 'Do you plan to attend full time or part time?';

/** A complete application that passes: a US citizen applying to BMN (recommenders and research upload in play). */
function validAnswers(): Answers {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    birth_date: '1990-05-17',
    phone_home: '(212) 555-0123',
    phone_mobile: '',
    phone_home_evening: '',
    phone_international: '',
    optin_sms_ind: '',
    country: 'USA',
    address_line_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    mailing_addr_same_as_perm_addr: 'Y',
    citizenship: 'USA',
    citizenship_dual: '',
    residency_status: '',
    entry_term: '2027FA',
    applied_major: 'BMN',
    entry_status: 'FT',
    college_name: 'State University',
    college_address_line_1: '100 College Ave',
    college_city: 'Urbana',
    college_country: 'USA',
    college_state: 'IL',
    college_zip: '61801',
    college_degree_type: 'BACH',
    college_degree: 'BSN',
    college_degree_earned_date: '2012-05',
    essay: 'I want to study nursing because...',
    research_upload: '',
    recommender_first_name: 'Grace',
    recommender_last_name: 'Hopper',
    recommender_email: 'grace.hopper@example.edu',
    recommender_2_email: '',
    suspended: 'N',
    suspended_comment: '',
    counselor_waiver_request: 'Y',
    acknowledgement: 'true',
    legal_agree: 'true',
  };
}
const validDocuments = (): Record<string, DocumentAnswer> => ({
  research_upload: { file_name: 'project.pdf', file_size: 52_000 },
});

interface Options {
  view?: ViewState;
  documents?: Record<string, DocumentAnswer>;
}
const validate = (changes: Answers = {}, options: Options = {}) =>
  validateAnswers(form, { ...validAnswers(), ...changes }, { now: NOW, documents: validDocuments(), ...options });

/** An international applicant (India) who is otherwise valid. */
const INTERNATIONAL: Answers = { citizenship: 'IND', acme_degree: 'Y' };

describe('the valid fixture', () => {
  it('passes with zero errors', () => {
    const errors = validate();
    expect(errors).toEqual({});
    expect(hasValidationErrors(errors)).toBe(false);
  });

  it('also passes as an international full-time degree-seeking applicant', () => {
    expect(validate({ ...INTERNATIONAL })).toEqual({});
  });
});

type Case = [name: string, changes: Answers, expected: Record<string, string[]>, options?: Options];

const cases: Case[] = [
  // Application fields whose message is the label
  ['first name', { first_name: '' }, { first_name: ['First name'] }],
  ['blank first name (spaces only)', { first_name: '   ' }, { first_name: ['First name'] }],
  ['last name', { last_name: '' }, { last_name: ['Last name'] }],
  ['street address', { address_line_1: '' }, { address_line_1: ['Street Address'] }],
  ['city', { city: '' }, { city: ['City'] }],
  // The state select has no options without a country, so only the country is reported.
  ['country', { country: '' }, { country: ['Country'] }],
  ['citizenship', { citizenship: '' }, { citizenship: ['Primary Citizenship'] }],
  ['entry term', { entry_term: '' }, { entry_term: ['When do you plan to enroll?'] }],
  ['school address', { college_address_line_1: '' }, { college_address_line_1: ['Address'] }],
  ['school name', { college_name: '' }, { college_name: ['Search for Your School'] }],
  ['school city', { college_city: '' }, { college_city: ['City'] }],
  // Without a level of study the degree select is not shown, so neither it nor the date is asked for.
  ['level of study', { college_degree_type: '' }, { college_degree_type: ['Level of study'] }],
  ['degree', { college_degree: '' }, { college_degree: ['Degree Earned/Expected'] }],
  ['essay', { essay: '' }, { essay: ['Statement of Purpose'] }],
  [
    'suspended',
    { suspended: '' },
    { suspended: ['Have you ever been dismissed from any college or graduate school?'] },
  ],
  [
    'counselor waiver',
    { counselor_waiver_request: '' },
    { counselor_waiver_request: ['Do you waive your right to review your letters of recommendation?'] },
  ],

  // Birth date
  ['birth date blank', { birth_date: '' }, { birth_date: ['Date of Birth'] }],
  ['birth date not a date', { birth_date: 'next week' }, { birth_date: ['A valid date of birth is required.'] }],
  [
    'birth date not a calendar day',
    { birth_date: '1990-02-30' },
    { birth_date: ['A valid date of birth is required.'] },
  ],
  ['birth date over 100 years ago', { birth_date: '1900-01-01' }, { birth_date: [M.birthDateTooOld] }],
  [
    'birth date under 13 years ago',
    { birth_date: '2020-01-01' },
    { birth_date: ['You must be 13 years or older to apply.'] },
  ],
  [
    'birth date in the future',
    { birth_date: '2030-01-01' },
    { birth_date: ['You must be 13 years or older to apply.'] },
  ],

  // Phones
  [
    'no phone at all',
    { phone_home: '' },
    { phone_home: ['A valid home phone number, cell phone number, or international phone number is required.'] },
  ],
  [
    'home phone invalid',
    { phone_home: '555-0123' },
    { phone_home: ['Please provide a valid US daytime telephone number.'] },
  ],
  [
    'home area code starting 1',
    { phone_home: '(112) 555-0123' },
    { phone_home: ['Please provide a valid US daytime telephone number.'] },
  ],
  [
    'home exchange starting 0',
    { phone_home: '(212) 055-0123' },
    { phone_home: ['Please provide a valid US daytime telephone number.'] },
  ],
  [
    'evening phone invalid',
    { phone_home_evening: '(212) 555-012' },
    { phone_home_evening: ['Please provide a valid US evening telephone number.'] },
  ],
  ['cell phone invalid', { phone_mobile: '2125550123' }, { phone_mobile: ['Please enter a valid cell phone number.'] }],
  [
    'text updates without a cell phone',
    { optin_sms_ind: 'true' },
    { phone_mobile: ['A cell phone number is required to receive text message updates.'] },
  ],
  [
    'text updates with an invalid cell phone',
    { optin_sms_ind: 'true', phone_mobile: '(212) 555' },
    { phone_mobile: ['Please enter a valid cell phone number.'] },
  ],
  [
    'only an invalid cell phone',
    { phone_home: '', phone_mobile: '(012) 555-0123' },
    { phone_mobile: ['Please enter a valid cell phone number.'] },
  ],

  // State and ZIP code
  ['US state', { state: '' }, { state: ['State/Province'] }],
  ['Canadian province', { country: 'CAN', state: '', zip: 'K1A 0B1' }, { state: ['State/Province'] }],
  ['US ZIP blank', { zip: '' }, { zip: ['ZIP/Postal Code'] }],
  [
    'US ZIP too short',
    { zip: '123' },
    { zip: ['ZIP/Postal Code must be at least 5 numbers.', 'Please provide a valid US ZIP/Postal Code.'] },
  ],
  ['US ZIP half an extension', { zip: '12345-12' }, { zip: ['Please provide a valid US ZIP/Postal Code.'] }],
  ['US ZIP letters', { zip: 'ABCDE' }, { zip: ['Please provide a valid US ZIP/Postal Code.'] }],
  ['school state', { college_state: '' }, { college_state: ['State/Province'] }],
  ['school ZIP', { college_zip: '1234' }, { college_zip: [M.zipTooShort, M.zipInvalid] }],
  [
    'mailing address in the USA without state and ZIP',
    { mailing_addr_same_as_perm_addr: 'N', mailing_country: 'USA' },
    { mailing_state: ['State/Province'], mailing_zip: ['ZIP/Postal Code'] },
  ],

  // Program
  ['major once a term is chosen', { applied_major: '' }, { applied_major: ['Which program are you applying for?'] }],
  [
    'certificate for an international applicant',
    { ...INTERNATIONAL, applied_major: 'GSCUP' },
    {
      applied_major: ['Enrollment in certificate programs is restricted to US citizens and permanent residents only.'],
    },
  ],
  [
    'the other certificate for an international applicant',
    { ...INTERNATIONAL, applied_major: 'GSCMC' },
    { applied_major: [M.certificateRestricted] },
  ],
  [
    'certificate before a citizenship is given (no US citizenship shown yet)',
    { citizenship: '', applied_major: 'GSCUP' },
    { citizenship: ['Primary Citizenship'], applied_major: [M.certificateRestricted] },
  ],
  ['entry status', { entry_status: '' }, { entry_status: [ENTRY_STATUS_LABEL] }],
  ['international entry status', { ...INTERNATIONAL, entry_status: '' }, { entry_status: [ENTRY_STATUS_LABEL] }],
  ['degree-seeking question', { ...INTERNATIONAL, acme_degree: '' }, { acme_degree: [DEGREE_LABEL] }],
  [
    'international and not degree-seeking',
    { ...INTERNATIONAL, acme_degree: 'N' },
    { acme_degree: ['International students must enroll as full-time degree-seeking student.'] },
  ],
  ['international part time', { ...INTERNATIONAL, entry_status: 'PT' }, { entry_status: [M.internationalFullTime] }],
  [
    'international, part time and not degree-seeking',
    { ...INTERNATIONAL, entry_status: 'PT', acme_degree: 'N' },
    { entry_status: [M.internationalFullTime], acme_degree: [M.internationalFullTime] },
  ],
  [
    'date conferred once a degree is chosen',
    { college_degree_earned_date: '' },
    { college_degree_earned_date: ['Date Conferred or Expected'] },
  ],

  // Uploads
  [
    'research upload without a file',
    {},
    {
      research_upload: [
        'Please upload a detailed description of the final project you plan to complete in the program.',
      ],
    },
    { documents: {} },
  ],
  [
    'research upload for BMAS',
    { applied_major: 'BMAS' },
    { research_upload: [M.researchUploadRequired] },
    { documents: {} },
  ],

  // Recommenders
  ['recommender first name', { recommender_first_name: '' }, { recommender_first_name: ['Recommender: First Name'] }],
  ['recommender last name', { recommender_last_name: '' }, { recommender_last_name: ['Recommender: Last Name'] }],
  ['recommender e-mail', { recommender_email: '' }, { recommender_email: ['Recommender: Email'] }],
  [
    'recommender e-mail invalid',
    { recommender_email: 'grace@' },
    { recommender_email: ['Please provide a valid email address.'] },
  ],
  [
    'second recommender e-mail invalid',
    { recommender_2_email: 'not an address' },
    { recommender_2_email: [M.emailInvalid] },
  ],
  ['recommender phone too short', { recommender_phone: '123' }, { recommender_phone: [M.recommenderPhoneInvalid] }],
  [
    'second recommender phone neither US nor international',
    { recommender_2_phone: '44 20 7946 0958' },
    { recommender_2_phone: [M.recommenderPhoneInvalid] },
  ],
  [
    'recommenders for MAPS',
    { applied_major: 'MAPS', recommender_first_name: '', recommender_last_name: '', recommender_email: '' },
    {
      recommender_first_name: [M.recommenderFirstName],
      recommender_last_name: [M.recommenderLastName],
      recommender_email: [M.recommenderEmail],
    },
  ],

  // Final steps
  ['explanation after a Yes', { suspended: 'Y' }, { suspended_comment: ['Please explain.'] }],
  [
    'acknowledgement',
    { acknowledgement: '' },
    {
      acknowledgement: [
        'You must acknowledge that you will not be able to change your application after you submit it.',
      ],
    },
  ],
  ['terms', { legal_agree: '' }, { legal_agree: ['You must accept these terms to submit your application.'] }],
  ['terms with another value', { legal_agree: 'false' }, { legal_agree: [M.termsRequired] }],
];

describe('each message, from the valid fixture with one change', () => {
  it.each(cases)('%s', (_name, changes, expected, options) => {
    expect(validate(changes, options)).toEqual(expected);
  });

  it('covers every message of VALIDATION_MESSAGES', () => {
    const seen = new Set(cases.flatMap(([, , expected]) => Object.values(expected).flat()));
    // SPEC's programs all start in every term: the term rule is covered by the second tenant's tests below.
    for (const message of Object.values(M).filter((m) => m !== M.programNotInTerm))
      expect(seen, message).toContain(message);
  });
});

const passing: [name: string, changes: Answers, options?: Options][] = [
  ['a cell phone instead of a home phone', { phone_home: '', phone_mobile: '(415) 555-0199' }],
  ['an evening phone instead of a home phone', { phone_home: '', phone_home_evening: '(415) 555-0199' }],
  ['an international phone instead of a home phone', { phone_home: '', phone_international: '+44 20 7946 0958' }],
  ['text updates with a cell phone', { optin_sms_ind: 'true', phone_mobile: '(415) 555-0199' }],
  ['a ZIP+4 code', { zip: '62701-1234' }],
  ['a country without states or ZIP rules', { country: 'FRA', state: '', zip: '' }],
  ['a Canadian postal code', { country: 'CAN', state: 'ON', zip: 'K1A 0B1' }],
  ['a certificate for a US citizen', { applied_major: 'GSCUP' }],
  ['a certificate for a dual US citizen', { citizenship: 'IND', citizenship_dual: 'USA', applied_major: 'GSCMC' }],
  ['a certificate for a permanent resident', { citizenship: 'IND', residency_status: 'true', applied_major: 'GSCMC' }],
  ['a US citizen part time', { entry_status: 'PT' }],
  ['a permanent resident part time', { citizenship: 'IND', residency_status: 'true', entry_status: 'PT' }],
  ['an upload answered without a document record', { research_upload: 'uploads/research.pdf' }, { documents: {} }],
  ['a valid second recommender e-mail', { recommender_2_email: 'alan@example.org' }],
  ['a US recommender phone', { recommender_phone: '(202) 555-0123' }],
  ['an international recommender phone', { recommender_2_phone: '+44 20 7946 0958' }],
  ['an explanation after a Yes', { suspended: 'Y', suspended_comment: 'Long story.' }],
];

describe('answers that pass', () => {
  it.each(passing)('%s', (_name, changes, options) => {
    expect(validate(changes, options)).toEqual({});
  });
});

describe('birth date boundaries (now = 2026-06-15)', () => {
  it.each([
    ['exactly 13 years ago', '2013-06-15', {}],
    ['a day short of 13', '2013-06-16', { birth_date: [M.birthDateTooYoung] }],
    ['exactly 100 years ago', '1926-06-15', {}],
    ['a day over 100 years ago', '1926-06-14', { birth_date: [M.birthDateTooOld] }],
  ])('%s', (_name, birth_date, expected) => {
    expect(validate({ birth_date })).toEqual(expected);
  });

  it('counts the day in UTC, so the browser and the server agree', () => {
    const lateEvening = new Date('2026-06-14T23:30:00-04:00'); // already 15 June in UTC
    expect(
      validateAnswers(
        form,
        { ...validAnswers(), birth_date: '2013-06-15' },
        { now: lateEvening, documents: validDocuments() },
      ),
    ).toEqual({});
  });
});

describe('collecting', () => {
  it('reports every field at once, in field order', () => {
    const errors = validateAnswers(form, {}, { now: NOW });
    expect(Object.keys(errors)).toEqual([
      // The address block asks for the country first; the school block for the name first.
      'first_name',
      'last_name',
      'birth_date',
      'phone_home',
      'country',
      'address_line_1',
      'city',
      'citizenship',
      'entry_term',
      'entry_status',
      'college_name',
      'college_address_line_1',
      'college_city',
      'college_degree_type',
      'essay',
      'suspended',
      'counselor_waiver_request',
      'acknowledgement',
      'legal_agree',
    ]);
    const order = formFields(form).map((f) => f.key);
    const positions = Object.keys(errors).map((k) => order.indexOf(k));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('keeps the order of the form whatever order the changes come in', () => {
    const errors = validate({ legal_agree: '', zip: '123', first_name: '', recommender_email: 'x' });
    expect(errors).toEqual({
      first_name: ['First name'],
      zip: [M.zipTooShort, M.zipInvalid],
      recommender_email: [M.emailInvalid],
      legal_agree: [M.termsRequired],
    });
    expect(Object.keys(errors)).toEqual(['first_name', 'zip', 'recommender_email', 'legal_agree']);
  });

  it('collects several rules on one key and removes duplicate messages', () => {
    const rules = [
      { key: 'first_name', check: () => ['First name'] },
      { key: 'last_name', check: () => ['Last name', 'Last name'] },
      { key: 'first_name', check: () => ['Too short', 'First name'] },
    ];
    const errors = runRules(form, rules, {}, { now: NOW });
    expect(errors).toEqual({ first_name: ['First name', 'Too short'], last_name: ['Last name'] });
  });

  it('merges and orders error sets from elsewhere', () => {
    const merged = mergeValidationErrors(
      form,
      { legal_agree: ['a'], first_name: ['b'] },
      { first_name: ['b', 'c'], stray: ['d'], city: [] },
    );
    expect(merged).toEqual({ first_name: ['b', 'c'], legal_agree: ['a'], stray: ['d'] });
    expect(Object.keys(merged)).toEqual(['first_name', 'legal_agree', 'stray']);
    expect(orderValidationErrors(form, { city: [] })).toEqual({});
    expect(hasValidationErrors({ city: [] })).toBe(false);
    expect(hasValidationErrors({ city: ['City'] })).toBe(true);
  });
});

describe('hidden blocks are never required', () => {
  it('no explanation after a No, whatever was typed before', () => {
    expect(validate({ suspended: 'N', suspended_comment: '' })).toEqual({});
  });

  it('no recommenders for a program that does not need them, even with a bad stale e-mail', () => {
    const changes = {
      applied_major: 'BMAS',
      recommender_first_name: '',
      recommender_last_name: '',
      recommender_email: 'bad',
      recommender_2_email: 'bad',
    };
    expect(validate(changes)).toEqual({});
  });

  it('no research upload for other programs', () => {
    expect(validate({ applied_major: 'MAE' }, { documents: {} })).toEqual({});
  });

  it('no second school while the add-another count is 1, and all of it once the count is 2', () => {
    expect(validate({}, { view: { addAnother: { college: 1 } } })).toEqual({});
    expect(validate({}, { view: { addAnother: { college: 2 } } })).toEqual({
      college_2_name: ['Search for Your School'],
      college_2_address_line_1: ['Address'],
      college_2_city: ['City'],
      college_2_degree_type: ['Level of study'],
    });
    expect(
      validate(
        { college_2_country: 'USA', college_2_degree_type: 'MAST', college_2_degree: 'MA' },
        { view: { addAnother: { college: 2 } } },
      ),
    ).toEqual({
      college_2_name: ['Search for Your School'],
      college_2_address_line_1: ['Address'],
      college_2_city: ['City'],
      college_2_state: ['State/Province'],
      college_2_zip: ['ZIP/Postal Code'],
      college_2_degree_earned_date: ['Date Conferred or Expected'],
    });
  });

  it('no tenth school rules beyond the count', () => {
    const errors = validate({}, { view: { addAnother: { college: 10 } } });
    expect(Object.keys(errors)).toContain('college_10_name');
    expect(Object.keys(validate({}, { view: { addAnother: { college: 9 } } }))).not.toContain('college_10_name');
  });

  it('no mailing address when it is the same as the permanent one', () => {
    const mailing = { mailing_country: 'USA', mailing_state: '', mailing_zip: '1' };
    expect(validate({ ...mailing, mailing_addr_same_as_perm_addr: 'Y' })).toEqual({});
    expect(validate({ ...mailing, mailing_addr_same_as_perm_addr: 'N' })).toEqual({
      mailing_state: ['State/Province'],
      mailing_zip: [M.zipTooShort, M.zipInvalid],
    });
  });

  it('no degree-seeking question for US citizens, permanent residents, or before citizenship is given', () => {
    expect(validate({ acme_degree: 'N' })).toEqual({});
    expect(validate({ citizenship: 'IND', residency_status: 'true', acme_degree: 'N' })).toEqual({});
    expect(validate({ citizenship: '', acme_degree: 'N', entry_status: 'PT' })).toEqual({
      citizenship: ['Primary Citizenship'],
    });
  });

  it('a stale residency answer does not count once it is hidden', () => {
    // residency_status is hidden for US citizens; for others it counts again.
    expect(validate({ citizenship: 'IND', residency_status: 'true', applied_major: 'GSCUP' })).toEqual({});
  });

  it('reads the transcript upload only on the chosen tab', () => {
    expect(inPlayAnswerKeys(form, {}).has('college_transcript_upload')).toBe(true);
    expect(inPlayAnswerKeys(form, {}, { tabs: { college_transcript: 'later' } }).has('college_transcript_upload')).toBe(
      false,
    );
  });
});

describe('schema keys', () => {
  const keys = validationSchemaKeys(form);

  it('list every key a rule reports on, once, in field order', () => {
    expect(new Set(keys)).toEqual(new Set(answerRules(form).map((r) => r.key)));
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.slice(0, 3)).toEqual(['first_name', 'last_name', 'birth_date']);
    expect(keys).toEqual(
      expect.arrayContaining(['acme_degree', 'college_10_degree_earned_date', 'mailing_state', 'recommender_2_email']),
    );
    expect(keys).not.toContain('recommender_2_first_name');
  });

  it('pass the configuration check on the real form against the data model of the specification', () => {
    const spec = Object.values(specAnswerKeys('Acme')).flat();
    const descs = listAnswerKeys(form).filter((k) => k.endsWith('_desc'));
    expect(checkFormConfiguration(form, [...spec, ...descs], { schemaKeys: keys })).toEqual([]);
  });

  it('follow the tenant: another short name gets its own degree key', () => {
    const other = buildForm(sampleFormTenant('Other'));
    expect(validationSchemaKeys(other)).toContain('other_degree');
    expect(checkFormConfiguration(other, listAnswerKeys(other), { schemaKeys: validationSchemaKeys(other) })).toEqual(
      [],
    );
    const errors = validateAnswers(
      other,
      { ...validAnswers(), citizenship: 'IND' },
      { now: NOW, documents: validDocuments() },
    );
    expect(errors).toEqual({ other_degree: ['Do you plan to attend Other as a degree-seeking student?'] });
  });
});

describe('the rules follow the tenant’s programs (a second, non-SPEC tenant file)', () => {
  const lakeside = buildForm(LAKESIDE_TENANT);
  const applicant = (changes: Answers): Answers => ({
    ...validAnswers(),
    recommender_first_name: '',
    recommender_last_name: '',
    recommender_email: '',
    ...changes,
  });
  const check = (answers: Answers, documents: Record<string, DocumentAnswer> = {}) =>
    validateAnswers(lakeside, answers, { now: NOW, documents });

  it('offers that tenant’s programs and terms, not the sample’s', () => {
    const education = lakeside.pages[1]!;
    const program = education.sections[0]!.questions.find((q) => q.key === 'applied_major');
    const term = education.sections[0]!.questions.find((q) => q.key === 'entry_term');
    const values = (q: typeof program) => (q && 'options' in q ? (q.options as OptionList) : []);
    expect(values(program).map((o) => o.value)).toEqual(['', 'MSDS', 'MBA', 'PGCGIS']);
    expect(values(term).map((o) => o.label)).toEqual(['--', 'Autumn 2027', 'Spring 2028']);
  });

  it('asks for recommenders for MBA only, and a research description for MSDS only', () => {
    expect(check(applicant({ applied_major: 'MBA', entry_term: 'AUT27' }))).toEqual({
      recommender_first_name: [M.recommenderFirstName],
      recommender_last_name: [M.recommenderLastName],
      recommender_email: [M.recommenderEmail],
    });
    expect(check(applicant({ applied_major: 'MSDS', entry_term: 'AUT27' }))).toEqual({
      research_upload: [M.researchUploadRequired],
    });
    // BMN means nothing to this tenant: no rule of the sample's programs applies.
    expect(check(applicant({ applied_major: 'PGCGIS', entry_term: 'SPR28' }))).toEqual({});
  });

  it('keeps its certificate for US citizens and permanent residents', () => {
    expect(
      check(applicant({ applied_major: 'PGCGIS', entry_term: 'SPR28', citizenship: 'IND', lit_degree: 'Y' })),
    ).toEqual({
      applied_major: [M.certificateRestricted],
    });
  });

  it('refuses a program in a term it does not start in', () => {
    expect(check(applicant({ applied_major: 'PGCGIS', entry_term: 'AUT27' }))).toEqual({
      applied_major: [M.programNotInTerm],
    });
  });
});
