/**
 * The application's pages and their routes (SPEC section 2). The three steps
 * appear in the step navigation; the completion page does not.
 *
 * When the domain's form definition (packages/domain/src/form) names its
 * pages, these titles and paths should come from there instead.
 */
export interface FormPage {
  path: string;
  title: string;
}

export interface FormStep extends FormPage {
  step: number;
}

export const FORM_STEPS: readonly FormStep[] = [
  { step: 1, path: '/about', title: 'About You' },
  { step: 2, path: '/education-alr', title: 'Education' },
  { step: 3, path: '/final-steps', title: 'Final Steps' },
];

export const COMPLETION_PAGE: FormPage = { path: '/completion', title: 'Completion' };

/** Where '/' and unknown paths lead. */
export const DEFAULT_FORM_PATH = '/about';

export function stepAt(path: string): FormStep {
  const step = FORM_STEPS.find((s) => s.path === path);
  if (!step) throw new Error(`No application step has the path ${path}.`);
  return step;
}
