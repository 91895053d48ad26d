import { ApplicationPage } from '../components/application-page';
import { stepAt } from '../form-pages';

const page = stepAt('/education-alr');

/** Its own module so the page's code loads only when the page is visited. */
export function EducationRoute() {
  return <ApplicationPage page={page} />;
}
