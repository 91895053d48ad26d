import type { ComponentProps } from 'react';
import { Spinner } from './spinner';
import styles from './button.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'text';

/* ComponentProps includes `ref` (a plain prop in React 19), so Radix `asChild` triggers can wrap this. */
interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  /** While true the button is disabled and busy; its text, and so its name, stays the same. */
  loading?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  disabled,
  type = 'button',
  className,
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      className={className ? `${styles.button} ${className}` : styles.button}
      data-variant={variant}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <Spinner size="medium" />}
      {children}
    </button>
  );
}
