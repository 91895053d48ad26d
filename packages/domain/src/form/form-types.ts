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
}

/** Anything that may carry a hide condition. */
export type Block = Question | FormSection;

/** Page order and titles of the step navigation (SPEC section 2). */
export const FORM_PAGES: readonly { id: PageId; path: PagePath; title: string; step: number }[] = [
  { id: 'about', path: '/about', title: 'About You', step: 1 },
  { id: 'education', path: '/education-alr', title: 'Education', step: 2 },
  { id: 'final-steps', path: '/final-steps', title: 'Final Steps', step: 3 },
];

export const DEFAULT_PAGE_PATH: PagePath = '/about';
