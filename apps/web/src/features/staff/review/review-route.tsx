import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { DecisionPanel } from '../../decisions/components/decision-panel';
import { useReviewDetail } from '../api/review-api';
import { CallError } from '../components/error-text';
import { hasRight, useStaffAccess } from '../components/staff-access';
import { StaffGate } from '../components/staff-gate';
import staffStyles from '../components/staff.module.css';
import { Neighbours } from './neighbours-nav';
import { NotesPanel } from './notes-panel';
import { ReadingPane } from './reading-pane';
import { ReviewPanel } from './review-panel';
import styles from './review.module.css';
import { StageControl } from './stage-control';

/**
 * One screen to decide from (issue 41): /staff/applications/:userId/review. The application, its
 * documents and letters on one side; the reviews, the stage, the notes and, for a member who decides,
 * the decision panel on the other.
 */
export function ReviewRoute() {
  return (
    <StaffGate>
      <ReviewPage />
    </StaffGate>
  );
}

function ReviewPage() {
  const { userId = '' } = useParams();
  const me = useStaffAccess();
  const detail = useReviewDetail(userId);
  const app = detail.data;
  const name = app ? [app.first_name, app.last_name].filter(Boolean).join(' ') || '(no name yet)' : '';
  usePageTitle(app ? `Review of ${name}` : 'Review');
  const title = useRef<HTMLHeadingElement>(null);
  // A move to the next or previous application starts at its title, as a new page does.
  useEffect(() => {
    if (app) title.current?.focus();
  }, [app?.user_id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (detail.isError) return <CallError error={detail.error} />;
  if (!app) return <PageLoading />;
  const decides = hasRight(me, 'decide');
  return (
    <div className={staffStyles.page}>
      <Neighbours userId={userId} />
      <h1 ref={title} tabIndex={-1} className={staffStyles.title}>
        Review of {name}
      </h1>
      <p>
        {app.program_label || 'No program'} · {app.entry_term_label || 'No entry term'} ·{' '}
        <Link to={`/staff/applications/${encodeURIComponent(userId)}`}>Details, status history and packet</Link>
      </p>
      <div className={styles.layout}>
        <ReadingPane app={app} />
        <div className={styles.side}>
          {(hasRight(me, 'review') || decides) && <ReviewPanel userId={userId} canReview={hasRight(me, 'review')} />}
          {/* Only a member who decides sees the panel: a provisional decision is not for reviewers' eyes. */}
          {decides && (
            <div className={styles.decision}>
              <DecisionPanel key={userId} userId={userId} canDecide applicantName={name} />
            </div>
          )}
          {hasRight(me, 'move_stage') && <StageControl key={userId} userId={userId} stage={app.stage} />}
          <NotesPanel userId={userId} />
        </div>
      </div>
    </div>
  );
}
