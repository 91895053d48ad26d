import type { AnyCondition } from './condition';
import type { Question } from './question-types';

/** A titled group of questions on a page; hidden as a whole while hideWhen holds. */
export interface FormSection {
  readonly key: string;
  readonly title?: string;
  readonly description?: string;
  readonly hideWhen?: AnyCondition;
  readonly questions: readonly Question[];
}

export type PageId = 'about' | 'education' | 'final-steps';
export type PagePath = '/about' | '/education-alr' | '/final-steps';

export interface FormPage {
  readonly id: PageId;
  readonly path: PagePath;
  readonly title: string;
  /** 1-based position in the step navigation. */
  readonly step: number;
  readonly sections: readonly FormSection[];
}

/**
 * The whole application form of one tenant: pages -> sections -> questions.
 * Built by buildForm(); plain frozen data, safe to share and to serialise.
 */
export interface FormDefinition {
  readonly shortName: string;
  /** The degree-seeking answer key, `${shortName.toLowerCase()}_degree`. */
  readonly degreeKey: string;
  readonly pages: readonly FormPage[];
  /** What the rules need to know of the tenant's programs (its configuration, issue 29). */
  readonly programs: ProgramRules;
}

/** Program codes by what they ask of the applicant, and the terms each program starts in. */
export interface ProgramRules {
  readonly certificate: readonly string[];
  readonly recommenders: readonly string[];
  readonly researchUpload: readonly string[];
  readonly termsOf: Readonly<Record<string, readonly string[]>>;
}

/** Anything that may carry a hide condition. */
export type Block = Question | FormSection;

/** Page order and titles of the step navigation (SPEC section 2). */
export const FORM_PAGES: readonly Readonly<Pick<FormPage, 'id' | 'path' | 'title' | 'step'>>[] = Object.freeze([
  Object.freeze({ id: 'about', path: '/about', title: 'About You', step: 1 } as const),
  Object.freeze({ id: 'education', path: '/education-alr', title: 'Education', step: 2 } as const),
  Object.freeze({ id: 'final-steps', path: '/final-steps', title: 'Final Steps', step: 3 } as const),
]);

export const DEFAULT_PAGE_PATH: PagePath = '/about';

export function pageMeta(id: PageId): Readonly<Pick<FormPage, 'id' | 'path' | 'title' | 'step'>> {
  const meta = FORM_PAGES.find((p) => p.id === id);
  if (!meta) throw new Error(`unknown page ${id}`);
  return meta;
}
