import { PDF_COPY_FAILED_MESSAGE } from '@admissions/domain';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Spinner } from '../../../components/ui/spinner';
import { useApplicationLink } from '../../../lib/application-id';
import { usePdfStatus } from '../api/pdf-copy-api';
import styles from './pdf-download.module.css';

export const PDF_DOWNLOAD_LABEL = 'Download a PDF copy of your application';
export const PDF_PREPARING_LABEL = 'Preparing your PDF copy…';
export const PDF_TRY_AGAIN_LABEL = 'Try again';

/**
 * The applicant's PDF copy (SPEC section 4): a plain link with the download
 * attribute once the server says the copy is ready (keyboard, screen readers
 * and "save link as" all work), a status line while it is being prepared,
 * and the failure message (the server's, else SPEC section 8's) in place of
 * the link when it cannot be made. The link names the page's application (issue 42), as a form call does.
 */
export function PdfDownload() {
  const { data, isError, isFetching, refetch } = usePdfStatus();
  const href = useApplicationLink(data?.url ?? '');

  // A link once offered stays while a later poll fails: the last answer the server gave still stands.
  if (data?.status === 'completed' && data.url) {
    return (
      <a className={styles.download} href={href} download>
        {PDF_DOWNLOAD_LABEL}
      </a>
    );
  }
  if (data?.status === 'failed' || isError) {
    // A failure need not be the last word: 'Try again' asks the server to draw the copy now.
    return (
      <div className={styles.failed}>
        <InlineAlert severity="error">
          {(data?.status === 'failed' && data.message) || PDF_COPY_FAILED_MESSAGE}
        </InlineAlert>
        <Button variant="secondary" loading={isFetching} onClick={() => void refetch()}>
          {PDF_TRY_AGAIN_LABEL}
        </Button>
      </div>
    );
  }
  // The link's box, drawn invisibly behind the status line: the line takes the link's size, on a phone two lines
  // where the link wraps, so nothing below moves when the link replaces it.
  return (
    <p className={styles.waiting} role="status">
      <span className={`${styles.download} ${styles.sizer}`} aria-hidden="true">
        {PDF_DOWNLOAD_LABEL}
      </span>
      <span className={styles.preparing}>
        <Spinner size="small" />
        {PDF_PREPARING_LABEL}
      </span>
    </p>
  );
}
