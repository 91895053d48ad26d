import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { PrintDocument } from '../../service/components/print-document';
import { usePrintLink, useReviewDetail, useReviews } from '../api/review-api';
import { CallError } from '../components/error-text';
import { hasRight, useStaffAccess } from '../components/staff-access';
import { StaffGate } from '../components/staff-gate';
import staffStyles from '../components/staff.module.css';
import { formatSize } from '../components/staff-format';
import type { WorkDetail } from '../list/work-columns';
import { neighboursOf, reviewPath, useReviewOrigin } from './neighbours';
import { NotesPanel } from './notes-panel';
import { OthersReviews } from './others-reviews';
import { ReviewForm } from './review-form';
import styles from './review.module.css';
import { StageControl } from './stage-control';

/** One application read and scored on one screen: /staff/applications/:userId/review. */
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
  const app = detail.data as WorkDetail | undefined;
  const name = app ? [app.first_name, app.last_name].filter(Boolean).join(' ') || '(no name yet)' : '';
  usePageTitle(app ? `Review of ${name}` : 'Review');
  const title = useRef<HTMLHeadingElement>(null);
  // A move to the next or previous application starts at its title, as a new page does.
  useEffect(() => {
    if (app) title.current?.focus();
  }, [app?.user_id]); // eslint-disable-line react-hooks/exhaustive-deps

  if (detail.isError) return <CallError error={detail.error} />;
  if (!app) return <PageLoading />;
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
        <section aria-labelledby="application-title" className={styles.reading}>
          <h2 id="application-title" className={styles.panelTitle}>
            Application
          </h2>
          {/* Scrolls on its own beside the form; focusable so the keyboard can scroll it too. */}
          <div className={styles.printFrame} tabIndex={0} role="region" aria-label="The application as printed">
            <PrintPane userId={userId} />
          </div>
          <h2 className={styles.panelTitle}>Documents</h2>
          {app.documents.length === 0 ? (
            <p>No converted documents.</p>
          ) : (
            <ul className={staffStyles.list}>
              {app.documents.map((d) => (
                <li key={d.answer_key}>
                  {d.label}:{' '}
                  <a href={d.url} target="_blank" rel="noreferrer">
                    {d.file_name} (PDF, {formatSize(d.file_size)}, opens in a new tab)
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
        <div className={styles.side}>
          {(hasRight(me, 'review') || hasRight(me, 'decide')) && (
            <ReviewPanel userId={userId} canReview={hasRight(me, 'review')} />
          )}
          {hasRight(me, 'move_stage') && <StageControl key={app.stage ?? ''} userId={userId} stage={app.stage} />}
          <NotesPanel userId={userId} />
        </div>
      </div>
    </div>
  );
}

function PrintPane({ userId }: { userId: string }) {
  const link = usePrintLink(userId);
  if (link.isError) return <CallError error={link.error} />;
  if (!link.data) return <PageLoading />;
  const token =
    new URL(link.data.print_url, window.location.origin).searchParams.get('service_token') ?? link.data.token;
  return <PrintDocument token={token} embedded />;
}

/** The caller's review (when they may review) and the others' reviews (for deciders too, unblinded by the server). */
function ReviewPanel({ userId, canReview }: { userId: string; canReview: boolean }) {
  const reviews = useReviews(userId);
  // Outside the form, which starts afresh from each saved version: what the last save did stays said.
  const [said, setSaid] = useState('');
  if (reviews.isError) return <CallError error={reviews.error} />;
  if (!reviews.data) return <PageLoading />;
  const data = reviews.data;
  return (
    <>
      {!canReview ? null : data.assigned_to_me || data.mine ? (
        <section className={styles.panel}>
          <ReviewForm
            key={`${userId}:${data.mine?.updated_at ?? ''}`}
            userId={userId}
            reviews={data}
            onSaved={setSaid}
          />
          <p role="status" className={styles.status}>
            {said}
          </p>
        </section>
      ) : (
        <section aria-labelledby="not-assigned-title" className={styles.panel}>
          <h2 id="not-assigned-title" className={styles.panelTitle}>
            Your review
          </h2>
          <p>This application is not assigned to you for review.</p>
        </section>
      )}
      <OthersReviews reviews={data} />
    </>
  );
}

const NEXT_KEY = 'PageDown';
const PREVIOUS_KEY = 'PageUp';

/**
 * Previous and next application of the list or queue it was opened from:
 * buttons, and Alt+Page Down / Alt+Page Up, which no screen reader's browse
 * mode or browser uses (single letters and arrows belong to screen readers).
 */
function Neighbours({ userId }: { userId: string }) {
  const origin = useReviewOrigin();
  const navigate = useNavigate();
  const { position, previous, next } = neighboursOf(origin, userId);
  const go = (to: string | undefined) => {
    if (to) void navigate(reviewPath(to), { state: { reviewOrigin: origin } });
  };
  const goRef = useRef(go);
  goRef.current = go;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (event.key === NEXT_KEY && next) {
        event.preventDefault();
        goRef.current(next);
      } else if (event.key === PREVIOUS_KEY && previous) {
        event.preventDefault();
        goRef.current(previous);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [next, previous]);
  const where = origin?.kind === 'queue' ? 'your queue' : 'the list';
  return (
    <nav aria-label="Applications in order" className={styles.neighbours}>
      <Link to={origin?.back ?? '/staff'}>Back to {origin ? where : 'the applications'}</Link>
      {origin && position >= 0 && (
        <>
          <button type="button" className={styles.stepButton} disabled={!previous} onClick={() => go(previous)}>
            Previous application
          </button>
          <span>
            {position + 1} of {origin.ids.length} in {where}
          </span>
          <button type="button" className={styles.stepButton} disabled={!next} onClick={() => go(next)}>
            Next application
          </button>
          <p className={styles.hint} id="shortcut-help">
            Keyboard: Alt+Page Down for the next application, Alt+Page Up for the previous one.
          </p>
        </>
      )}
    </nav>
  );
}
