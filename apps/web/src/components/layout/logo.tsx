import styles from './logo.module.css';

/**
 * The institution's mark, drawn inline so it needs no request. Its accessible
 * name is the partner's name, as a logo image's alt text would be.
 */
export function Logo({ partnerName }: { partnerName: string }) {
  return (
    <svg className={styles.logo} role="img" aria-label={partnerName} viewBox="0 0 48 48" focusable="false">
      <path className={styles.dark} d="M24 3 43 10v13c0 11.5-7.9 19.3-19 22C12.9 42.3 5 34.5 5 23V10z" />
      <path className={styles.light} d="M24 8.5 38 13.7V23c0 8.6-5.6 14.6-14 16.9C15.6 37.6 10 31.6 10 23v-9.3z" />
      <path
        className={styles.dark}
        d="M15 18.5c3.4-1.4 6.4-1.2 9 .9 2.6-2.1 5.6-2.3 9-.9v12c-3.4-1.4-6.4-1.2-9 .9-2.6-2.1-5.6-2.3-9-.9z"
      />
      <path className={styles.spine} d="M24 19.4v12" />
    </svg>
  );
}
