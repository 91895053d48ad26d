import { ApplicationPage } from '../components/application-page';
import { stepAt } from '../form-pages';

const page = stepAt('/about');

/** Its own module so the page's code loads only when the page is visited. */
export function AboutRoute() {
  return <ApplicationPage page={page} />;
}
