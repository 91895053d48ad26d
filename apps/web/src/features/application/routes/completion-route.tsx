import { ApplicationPage } from '../components/application-page';
import { COMPLETION_PAGE } from '../form-pages';

const page = COMPLETION_PAGE;

/** Its own module so the page's code loads only when the page is visited. */
export function CompletionRoute() {
  return <ApplicationPage page={page} />;
}
