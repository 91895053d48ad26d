import { StepPage } from '../components/step-page';

/** Its own module so the page's code loads only when the page is visited. */
export function FinalStepsRoute() {
  return <StepPage path="/final-steps" />;
}
