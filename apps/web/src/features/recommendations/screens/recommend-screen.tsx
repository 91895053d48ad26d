import { RECOMMENDATION_MESSAGES } from '@admissions/domain';
import { useState } from 'react';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page-loading';
import { userMessage } from '../../../lib/api-errors';
import { useRecommendationView } from '../api/recommender-api';
import { NewLinkHelp } from '../components/new-link-help';
import { OpenRequest, RECOMMEND_HEADING } from '../components/open-request';
import { RecommendMessage } from '../components/recommend-message';
import styles from '../components/recommend-page.module.css';
import { useRecommendationToken } from '../hooks/use-recommendation-token';
import { isLinkBroken, isLinkInvalid } from '../recommendation-errors';

export const LINK_PROBLEM_HEADING = 'This link cannot be used';
export const NO_TOKEN_MESSAGE =
  'This page needs the link from the e-mail that asked you for a letter. Please open that link again.';
export const BROKEN_LINK_MESSAGE =
  'This link is not valid or has expired. It may have been cut short on its way from the e-mail: please open it again from the e-mail itself.';
export const RECEIPT_TEXT = 'We have e-mailed you a receipt. You can now close this page.';
export const CLOSE_PAGE_TEXT = 'You can now close this page.';

/**
 * /recommend?token=…: a recommender, without an account, answers a request
 * for a letter (docs/decisions/022-recommendation-letters.md). Outside the
 * application's layout route, so no session, profile or redirect is involved.
 */
export function RecommendScreen() {
  const token = useRecommendationToken();
  const view = useRecommendationView(token);
  const [failedLater, setFailedLater] = useState<string | undefined>();
  const linkProblem = !token
    ? NO_TOKEN_MESSAGE
    : (failedLater ??
      (isLinkInvalid(view.error) ? view.error.message : isLinkBroken(view.error) ? BROKEN_LINK_MESSAGE : undefined));
  usePageTitle(linkProblem ? `Error: ${RECOMMEND_HEADING}` : RECOMMEND_HEADING);

  if (linkProblem)
    return (
      <RecommendMessage heading={LINK_PROBLEM_HEADING}>
        <p className={styles.text}>{linkProblem}</p>
        <NewLinkHelp />
      </RecommendMessage>
    );
  if (view.data?.state === 'RECEIVED')
    return (
      <RecommendMessage heading={RECOMMENDATION_MESSAGES.letterReceived}>
        <p className={styles.text}>{RECEIPT_TEXT}</p>
      </RecommendMessage>
    );
  if (view.data?.state === 'DECLINED')
    return (
      <RecommendMessage heading={RECOMMENDATION_MESSAGES.declined}>
        <p className={styles.text}>{CLOSE_PAGE_TEXT}</p>
      </RecommendMessage>
    );
  // A poll that fails while the form is shown leaves it as it is: the next poll may work.
  if (view.data) return <OpenRequest token={token} view={view.data} onLinkInvalid={setFailedLater} />;
  if (view.isError)
    return (
      <RecommendMessage heading={RECOMMEND_HEADING}>
        <p className={styles.text} role="alert">
          {userMessage(view.error)}
        </p>
        <Button variant="secondary" loading={view.isFetching} onClick={() => void view.refetch()}>
          Try again
        </Button>
      </RecommendMessage>
    );
  return <PageLoading />;
}
