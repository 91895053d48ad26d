import type { StaffApplicationDetail } from '@admissions/domain';
import { PageLoading } from '../../../components/ui/page-loading';
import { StaffLetters } from '../../recommendations/components/staff-letters';
import { PrintDocument } from '../../service/components/print-document';
import { usePrintLink } from '../api/review-api';
import { CallError } from '../components/error-text';
import { formatSize } from '../components/staff-format';
import staffStyles from '../components/staff.module.css';
import styles from './review.module.css';

/**
 * Everything the applicant and their recommenders sent, read on the review screen (issue 41): the
 * application as printed, the converted documents and the letters of recommendation.
 */
export function ReadingPane({ app }: { app: StaffApplicationDetail }) {
  return (
    <div className={styles.reading}>
      <section aria-labelledby="application-title" className={styles.block}>
        <h2 id="application-title" className={styles.panelTitle}>
          Application
        </h2>
        {/* Scrolls on its own beside the form; focusable so the keyboard can scroll it too. */}
        <div className={styles.printFrame} tabIndex={0} role="region" aria-label="The application as printed">
          <PrintPane userId={app.user_id} />
        </div>
      </section>
      <section aria-labelledby="documents-title" className={styles.block}>
        <h2 id="documents-title" className={styles.panelTitle}>
          Documents
        </h2>
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
      <StaffLetters recommendations={app.recommendations} waived={app.waived_letter_access} />
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
