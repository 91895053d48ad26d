import { ApplicationPage } from '../components/application-page';
import { CompletionContent } from '../components/completion-content';
import { COMPLETION_PAGE } from '../form-pages';

/** Its own module so the page's code loads only when the page is visited. */
export function CompletionRoute() {
  return (
    <ApplicationPage page={COMPLETION_PAGE}>
      <CompletionContent />
    </ApplicationPage>
  );
}
