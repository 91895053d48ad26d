import { ApplicationPage } from '../components/application-page';
import { stepAt } from '../form-pages';

const page = stepAt('/final-steps');

/** Its own module so the page's code loads only when the page is visited. */
export function FinalStepsRoute() {
  return <ApplicationPage page={page} />;
}
