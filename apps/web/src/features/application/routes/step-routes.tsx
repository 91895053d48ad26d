import { StepPage } from '../components/step-page';

/*
 * The three steps share one module: they are the same page code with another
 * part of the form, so a separate chunk each would only add a request to every
 * first load.
 */

export function AboutRoute() {
  return <StepPage path="/about" />;
}

export function EducationRoute() {
  return <StepPage path="/education-alr" />;
}

export function FinalStepsRoute() {
  return <StepPage path="/final-steps" />;
}
