import {
  isValidEmail,
  normalizeEmail,
  programLabelOf,
  RECOMMENDER_PREFIXES,
  visibleQuestions,
  YES,
  type Answers,
  type FormDefinition,
  type ProgramsTenant,
  type RecommenderPrefix,
} from '@admissions/domain';
import type { RecommenderDetails } from './recommendation-repository';

/** A recommender as the application's answers hold them now. */
export interface RecommenderAnswer {
  prefix: RecommenderPrefix;
  email: string;
  emailNorm: string;
  details: RecommenderDetails;
  /** A first name, a last name and a valid e-mail: what a request needs. */
  ready: boolean;
}

const text = (answers: Answers, key: string) => String(answers[key] ?? '').trim();

/** The recommender slots the form shows for these answers (none for programs that ask for no letters). */
export function shownRecommenders(form: FormDefinition, answers: Answers): RecommenderAnswer[] {
  const page = form.pages.find((p) => p.path === '/final-steps');
  const shown = new Set(page ? visibleQuestions(page, answers).map((q) => q.key) : []);
  return RECOMMENDER_PREFIXES.filter((prefix) => shown.has(`${prefix}email`)).map((prefix) =>
    recommenderAnswer(answers, prefix),
  );
}

export function recommenderAnswer(answers: Answers, prefix: RecommenderPrefix): RecommenderAnswer {
  const email = text(answers, `${prefix}email`);
  const details: RecommenderDetails = {
    prefix: text(answers, `${prefix}prefix`),
    first_name: text(answers, `${prefix}first_name`),
    last_name: text(answers, `${prefix}last_name`),
    organisation: text(answers, `${prefix}organisation`),
    position: text(answers, `${prefix}position`),
    relation: text(answers, `${prefix}relation`),
    relation_desc: text(answers, `${prefix}relation_desc`),
    phone: text(answers, `${prefix}phone`),
  };
  return {
    prefix,
    email,
    emailNorm: normalizeEmail(email),
    details,
    ready: details.first_name !== '' && details.last_name !== '' && isValidEmail(email),
  };
}

export const recommenderName = (d: Pick<RecommenderDetails, 'first_name' | 'last_name'>) =>
  [d.first_name, d.last_name].filter(Boolean).join(' ');

/** The name the recommender knows the applicant by. */
export function applicantName(answers: Answers): string {
  const first = text(answers, 'preferred_name') || text(answers, 'first_name');
  return [first, text(answers, 'last_name')].filter(Boolean).join(' ');
}

export const programLabel = (tenant: Pick<ProgramsTenant, 'programs'>, answers: Answers) =>
  programLabelOf(tenant, text(answers, 'applied_major'));

/** The applicant's answer to counselor_waiver_request: waived, not waived, or not said. */
export function waiverOf(answers: Answers): boolean | null {
  const answer = text(answers, 'counselor_waiver_request');
  if (answer === '') return null;
  return answer === YES;
}
