import { isValidEmail } from '../account/email';
import type { Answers } from '../api/profile';
import { isChecked, YES } from '../answers/answer-values';
import { USA } from '../answers/options/countries';
import { COUNTRIES_REQUIRING_STATE } from '../constants';
import { formFields } from '../form/answer-keys';
import { anyHolds } from '../form/condition';
import { FormConfigurationError } from '../form/configuration-check';
import type { FormDefinition } from '../form/form-types';
import { DOMESTIC_APPLICANT } from '../form/pages/applicant-conditions';
import { SCHOOLS_BUTTON_ID } from '../form/pages/education-page';
import { RECOMMENDER_PREFIXES } from '../form/pages/recommender';
import type { AddAnotherQuestion, AddressBlockQuestion, Question, SchoolBlockQuestion } from '../form/question-types';
import { allQuestions } from '../form/walk';
import { birthDateErrors } from './dates';
import { VALIDATION_MESSAGES as M } from './messages';
import { isValidUsOrInternationalPhone, phoneErrors, type PhoneErrors, type PhoneMessages } from './phone';
import { runRules, type FieldRule, type RuleContext, type ValidateOptions, type ValidationErrors } from './rule-engine';
import { usZipErrors } from './zip';

/** The application's wording for the shared phone rule. */
export const APPLICATION_PHONE_MESSAGES: PhoneMessages = Object.freeze({
  validHome: M.phoneHomeInvalid,
  validEvening: M.phoneEveningInvalid,
  validMobile: M.phoneMobileInvalid,
  oneRequired: M.phoneOneRequired,
  optIn: M.phoneMobileForSms,
});

const blank = (value: string) => value.trim() === '';
const includes = (list: readonly string[], value: string) => list.includes(value);

/**
 * Domestic: a US citizen (first or second citizenship) or a permanent
 * resident. International: not domestic, with a citizenship given; the form
 * asks the degree-seeking question of exactly these applicants. (A blank
 * citizenship gets its own message; calling the applicant international
 * before they say where they are from would only add noise.)
 */
const isDomestic = (ctx: RuleContext) => anyHolds(DOMESTIC_APPLICANT, ctx.answers);
const isInternational = (ctx: RuleContext) => !isDomestic(ctx) && !blank(ctx.value('citizenship'));

function blocksOf<K extends 'address-block' | 'school-block'>(form: FormDefinition, kind: K) {
  return form.pages.flatMap(allQuestions).filter((q): q is Extract<Question, { kind: K }> => q.kind === kind);
}

function partKey(block: AddressBlockQuestion | SchoolBlockQuestion, part: string): string | undefined {
  return block.questions.find((q) => q.part === part)?.key;
}

/**
 * The rule set of SPEC section 5 for one form. Required messages are the
 * labels of the form definition, so the message and the question cannot
 * drift apart; messages the specification words differently are in
 * VALIDATION_MESSAGES. A rule runs only while its key's question is shown.
 */
function buildRules(form: FormDefinition): readonly FieldRule[] {
  const questions = new Map(formFields(form).map((f) => [f.key, f.question]));
  const labelOf = (key: string): string => {
    const question = questions.get(key);
    if (!question)
      throw new FormConfigurationError(`The validation rules refer to ${key}, which the form does not ask for.`);
    return question.label;
  };

  const rules: FieldRule[] = [];
  const add = (key: string, check: (ctx: RuleContext) => readonly string[]) => {
    labelOf(key); // every key a rule reports on must be a question of the form
    rules.push({ key, check });
  };
  const required = (key: string, message = labelOf(key)) => add(key, (ctx) => (blank(ctx.value(key)) ? [message] : []));
  const requiredWhen = (key: string, when: (ctx: RuleContext) => boolean, message = labelOf(key)) =>
    add(key, (ctx) => (when(ctx) && blank(ctx.value(key)) ? [message] : []));
  const mustBeTicked = (key: string, message: string) =>
    add(key, (ctx) => (isChecked(ctx.value(key)) ? [] : [message]));

  // --- About You
  required('first_name');
  required('last_name');
  add('birth_date', (ctx) => birthDateErrors(ctx.value('birth_date'), ctx.now, labelOf('birth_date')));

  const phones = (ctx: RuleContext) =>
    phoneErrors(
      {
        home: ctx.value('phone_home'),
        mobile: ctx.value('phone_mobile'),
        evening: ctx.value('phone_home_evening'),
        international: ctx.value('phone_international'),
        optIn: isChecked(ctx.value('optin_sms_ind')),
      },
      APPLICATION_PHONE_MESSAGES,
    );
  const phoneKeys: Record<keyof PhoneErrors, string> = {
    home: 'phone_home',
    mobile: 'phone_mobile',
    evening: 'phone_home_evening',
  };
  for (const [part, key] of Object.entries(phoneKeys) as [keyof PhoneErrors, string][])
    add(key, (ctx) => phones(ctx)[part]);

  // The permanent address (prefix ''); the mailing address has no required parts of its own.
  required('address_line_1');
  required('city');
  required('country');

  // Every address and school block: state for countries with states, ZIP code for the USA.
  for (const block of [...blocksOf(form, 'address-block'), ...blocksOf(form, 'school-block')]) {
    const country = partKey(block, 'country');
    const state = partKey(block, 'state');
    const zip = partKey(block, 'zip');
    if (!country) continue;
    if (state) requiredWhen(state, (ctx) => includes(COUNTRIES_REQUIRING_STATE, ctx.value(country)));
    if (zip) add(zip, (ctx) => (ctx.value(country) === USA ? usZipErrors(ctx.value(zip), labelOf(zip)) : []));
  }

  required('citizenship');

  // --- Education
  required('entry_term');
  requiredWhen('applied_major', (ctx) => !blank(ctx.value('entry_term')));
  add('applied_major', (ctx) =>
    includes(form.programs.certificate, ctx.value('applied_major')) && !isDomestic(ctx)
      ? [M.certificateRestricted]
      : [],
  );

  // A program starts only in the terms the tenant lists for it.
  add('applied_major', (ctx) => {
    const terms = form.programs.termsOf[ctx.value('applied_major')];
    const term = ctx.value('entry_term');
    return terms && !blank(term) && !terms.includes(term) ? [M.programNotInTerm] : [];
  });

  required('entry_status');
  add('entry_status', (ctx) =>
    isInternational(ctx) && ctx.value('entry_status') === 'PT' ? [M.internationalFullTime] : [],
  );
  requiredWhen(form.degreeKey, isInternational);
  add(form.degreeKey, (ctx) =>
    isInternational(ctx) && ctx.value(form.degreeKey) === 'N' ? [M.internationalFullTime] : [],
  );

  const schools = form.pages
    .flatMap(allQuestions)
    .find((q): q is AddAnotherQuestion => q.kind === 'add-another' && q.key === SCHOOLS_BUTTON_ID);
  for (const prefix of schools?.prefixes ?? []) {
    required(`${prefix}address_line_1`);
    required(`${prefix}name`);
    required(`${prefix}city`);
    required(`${prefix}degree_type`);
    required(`${prefix}degree`);
    requiredWhen(`${prefix}degree_earned_date`, (ctx) => !blank(ctx.value(`${prefix}degree`)));
  }

  required('essay');
  add('research_upload', (ctx) =>
    includes(form.programs.researchUpload, ctx.value('applied_major')) && !ctx.hasFile('research_upload')
      ? [M.researchUploadRequired]
      : [],
  );

  // --- Final Steps
  const [firstRecommender] = RECOMMENDER_PREFIXES;
  const recommendersNeeded = (ctx: RuleContext) => includes(form.programs.recommenders, ctx.value('applied_major'));
  requiredWhen(`${firstRecommender}first_name`, recommendersNeeded, M.recommenderFirstName);
  requiredWhen(`${firstRecommender}last_name`, recommendersNeeded, M.recommenderLastName);
  requiredWhen(`${firstRecommender}email`, recommendersNeeded, M.recommenderEmail);
  for (const prefix of RECOMMENDER_PREFIXES) {
    const key = `${prefix}email`;
    add(key, (ctx) => (!blank(ctx.value(key)) && !isValidEmail(ctx.value(key)) ? [M.emailInvalid] : []));
    // Optional, but a number the office can call: a US number or an international one.
    const phone = `${prefix}phone`;
    add(phone, (ctx) =>
      !blank(ctx.value(phone)) && !isValidUsOrInternationalPhone(ctx.value(phone)) ? [M.recommenderPhoneInvalid] : [],
    );
  }

  required('suspended');
  requiredWhen('suspended_comment', (ctx) => ctx.value('suspended') === YES);
  required('counselor_waiver_request');
  mustBeTicked('acknowledgement', M.acknowledgementRequired);
  mustBeTicked('legal_agree', M.termsRequired);

  return Object.freeze(rules);
}

const rulesCache = new WeakMap<FormDefinition, readonly FieldRule[]>();

/** The answer rules of a form (built once per form). */
export function answerRules(form: FormDefinition): readonly FieldRule[] {
  let rules = rulesCache.get(form);
  if (!rules) {
    rules = buildRules(form);
    rulesCache.set(form, rules);
  }
  return rules;
}

/**
 * Every key the rule set can report on, in field order. Pass them to
 * checkFormConfiguration(form, dataModelKeys, { schemaKeys }).
 */
export function validationSchemaKeys(form: FormDefinition): string[] {
  const keys = new Set(answerRules(form).map((r) => r.key));
  return formFields(form)
    .map((f) => f.key)
    .filter((k) => keys.has(k));
}

/**
 * SPEC section 5, answer validation: every rule of every shown field runs,
 * and their messages are collected per key, de-duplicated, in field order.
 * The browser calls it for live feedback; the server calls it at submit with
 * the stored answers, add-another counts, tabs and documents, and its result decides.
 */
export function validateAnswers(form: FormDefinition, answers: Answers, options: ValidateOptions): ValidationErrors {
  return runRules(form, answerRules(form), answers, options);
}
