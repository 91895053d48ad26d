import styles from './spinner.module.css';

/** Loading sizes of SPEC section 9: small 0.4rem, medium 0.8rem, large 2rem. */
export type SpinnerSize = 'small' | 'medium' | 'large';

/** Decorative: whoever shows it also says in text (or aria-busy) that something is loading. */
export function Spinner({ size = 'medium' }: { size?: SpinnerSize }) {
  return <span className={styles.spinner} data-size={size} aria-hidden="true" />;
}
