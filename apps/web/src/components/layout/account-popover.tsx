import * as Popover from '@radix-ui/react-popover';
import { ACCOUNT_POPOVER_SIDE_OFFSET, ACCOUNT_POPOVER_Z_INDEX } from '@admissions/domain';
import { useId } from 'react';
import { Link } from 'react-router';
import type { NavigationState } from '../../lib/navigation-state';
import { Button } from '../ui/button';
import styles from './account-popover.module.css';

interface AccountPopoverProps {
  isLoggedIn: boolean;
  /** Shown when logged in, once known. */
  username?: string;
  onLogOut: () => void;
  loggingOut?: boolean;
  /** History state for the Sign In and Create Account links (the visitor's answers). */
  linkState?: NavigationState;
  sideOffset?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}

/** The header's account menu (SPEC section 2). */
export function AccountPopover({
  isLoggedIn,
  username,
  onLogOut,
  loggingOut = false,
  linkState,
  sideOffset = ACCOUNT_POPOVER_SIDE_OFFSET,
  open,
  onOpenChange,
}: AccountPopoverProps) {
  const headingId = useId();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger className={styles.trigger}>
        <PersonIcon />
        <span>Account</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          className={styles.content}
          // Radix copies the content's z-index onto its positioning wrapper.
          style={{ zIndex: ACCOUNT_POPOVER_Z_INDEX }}
          sideOffset={sideOffset}
          align="end"
          collisionPadding={8}
          aria-labelledby={headingId}
        >
          <div className={styles.top}>
            <p id={headingId} className={styles.heading}>
              Account
            </p>
            <Popover.Close className={styles.close} aria-label="Close">
              <span aria-hidden="true">×</span>
            </Popover.Close>
          </div>
          {isLoggedIn ? (
            <div className={styles.body}>
              {username && (
                <p className={styles.username}>
                  <span className="visually-hidden">Logged in as </span>
                  <span>{username}</span>
                </p>
              )}
              <Button onClick={onLogOut} loading={loggingOut}>
                Log Out
              </Button>
            </div>
          ) : (
            <div className={styles.body}>
              <Popover.Close asChild>
                <Link className={styles.primaryLink} to="/login" state={linkState}>
                  Sign In
                </Link>
              </Popover.Close>
              <Popover.Close asChild>
                <Link className={styles.secondaryLink} to="/signup" state={linkState}>
                  Create Account
                </Link>
              </Popover.Close>
            </div>
          )}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

function PersonIcon() {
  return (
    <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7z" />
    </svg>
  );
}
