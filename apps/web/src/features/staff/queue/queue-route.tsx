import { Link } from 'react-router';
import { useZonedTime } from '../../../shared/site/zoned-time';
import { useQueue } from '../api/work-api';
import { useStageLabel } from '../api/workflow-api';
import styles from '../components/staff.module.css';
import { Loaded, staffRoute, StaffTable } from '../components/staff-page';
import { reviewPath, type ReviewOrigin } from '../review/neighbours';

/** The caller's assigned applications whose review is not yet submitted, oldest assignment first: /staff/queue. */
export const QueueRoute = staffRoute('review', 'My queue', QueueList);

function QueueList() {
  const queue = useQueue();
  const time = useZonedTime();
  const stageLabel = useStageLabel();
  const origin: ReviewOrigin = {
    ids: queue.data?.items.map((i) => i.user_id) ?? [],
    back: '/staff/queue',
    kind: 'queue',
  };
  return (
    <>
      <Loaded query={queue}>
        {({ items }) => (
          <>
            <p className={styles.summary} role="status">
              {items.length === 0
                ? 'Nothing is waiting for your review.'
                : `${items.length} application${items.length === 1 ? '' : 's'} waiting for your review, oldest first.`}
            </p>
            {items.length > 0 && (
              <StaffTable
                caption="Applications assigned to you, oldest assignment first"
                columns={['Applicant', 'Program', 'Stage', 'Assigned', 'Your review']}
              >
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
              </StaffTable>
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
