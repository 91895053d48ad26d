import { Spinner } from './spinner';
import styles from './page-loading.module.css';

/** Shown while a route's code or its first data arrive. */
export function PageLoading() {
  return (
    <div className={styles.loading} role="status">
      <Spinner size="large" />
      <span>Loading…</span>
    </div>
  );
}
