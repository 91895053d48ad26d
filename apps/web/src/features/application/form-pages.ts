import { DEFAULT_PAGE_PATH, FORM_PAGES, type PagePath } from '@admissions/domain';

/**
 * The application's pages and their routes (SPEC section 2). The three steps
 * come from the domain's form definition and appear in the step navigation;
 * the completion page does not.
 */
export interface FormPage {
  path: string;
  title: string;
}

export interface FormStep extends FormPage {
  path: PagePath;
  step: number;
}

export const FORM_STEPS: readonly FormStep[] = FORM_PAGES.map(({ path, title, step }) => ({ path, title, step }));

export const COMPLETION_PAGE: FormPage = { path: '/completion', title: 'Application Submitted' };

/** Where '/' and unknown paths lead. */
export const DEFAULT_FORM_PATH: PagePath = DEFAULT_PAGE_PATH;

export function isStepPath(path: string | null | undefined): path is PagePath {
  return FORM_STEPS.some((s) => s.path === path);
}

export function stepAt(path: string): FormStep {
  const step = FORM_STEPS.find((s) => s.path === path);
  if (!step) throw new Error(`No application step has the path ${path}.`);
  return step;
}

/** The steps before and after a step, for the Back and Continue buttons. */
export function neighbours(path: string): { previous: FormStep | undefined; next: FormStep | undefined } {
  const i = FORM_STEPS.findIndex((s) => s.path === path);
  return { previous: i > 0 ? FORM_STEPS[i - 1] : undefined, next: i >= 0 ? FORM_STEPS[i + 1] : undefined };
}
