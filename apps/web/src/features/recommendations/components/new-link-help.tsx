import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import styles from './recommend-page.module.css';

/** What a recommender whose link does not work can do: only the applicant can send a new link. */
export function NewLinkHelp() {
  const { helpEmail } = useTenantConfig();
  return (
    <p className={styles.text}>
      The applicant can send you a new link from their application. If you need help, write to{' '}
      <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.
    </p>
  );
}
