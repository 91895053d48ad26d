import { Link } from 'react-router';
import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { useQueue } from '../api/work-api';
import { useStageLabel } from '../api/workflow-api';
import { CallError } from '../components/error-text';
import { StaffGate } from '../components/staff-gate';
import styles from '../components/staff.module.css';
import { reviewPath, type ReviewOrigin } from '../review/neighbours';

/** The caller's assigned applications whose review is not yet submitted, oldest assignment first: /staff/queue. */
export function QueueRoute() {
  return (
    <StaffGate right="review">
      <QueuePage />
    </StaffGate>
  );
}

function QueuePage() {
  usePageTitle('My queue');
  const queue = useQueue();
  const time = useZonedTime();
  const stageLabel = useStageLabel();
  const items = queue.data?.items;
  const origin: ReviewOrigin = { ids: items?.map((i) => i.user_id) ?? [], back: '/staff/queue', kind: 'queue' };
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>My queue</h1>
      {queue.isError ? (
        <CallError error={queue.error} />
      ) : !items ? (
        <PageLoading />
      ) : (
        <>
          <p className={styles.summary} role="status">
            {items.length === 0
              ? 'Nothing is waiting for your review.'
              : `${items.length} application${items.length === 1 ? '' : 's'} waiting for your review, oldest first.`}
          </p>
          {items.length > 0 && (
            <div className={styles.tableWrap}>
              <table className={styles.table}>
                <caption className="visually-hidden">Applications assigned to you, oldest assignment first</caption>
                <thead>
                  <tr>
                    <th scope="col">Applicant</th>
                    <th scope="col">Program</th>
                    <th scope="col">Stage</th>
                    <th scope="col">Assigned</th>
                    <th scope="col">Your review</th>
                  </tr>
                </thead>
                <tbody>
                  {items.map((item) => (
                    <tr key={item.user_id}>
                      <td className={styles.nameCell}>
                        <Link to={reviewPath(item.user_id)} state={{ reviewOrigin: origin }}>
                          {[item.last_name, item.first_name].filter(Boolean).join(', ') || '(no name yet)'}
                        </Link>
                      </td>
                      <td data-label="Program">{item.program_label}</td>
                      <td data-label="Stage">{stageLabel(item.stage)}</td>
                      <td data-label="Assigned">{time(item.assigned_at)}</td>
                      <td data-label="Your review">{item.has_draft ? 'Draft saved' : 'Not started'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      )}
    </div>
  );
}
