import * as Popover from '@radix-ui/react-popover';
import { ACCOUNT_POPOVER_Z_INDEX, MY_DATA_PATH } from '@admissions/domain';
import { useId, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import type { NavigationState } from '../../lib/navigation-state';
import { Button } from '../ui/button';
import styles from './account-popover.module.css';

export interface AccountPopoverContentProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Account button: the popover sits under it and gives it focus back. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  contentId: string;
  isLoggedIn: boolean;
  username?: string;
  onLogOut: () => void;
  loggingOut: boolean;
  linkState?: NavigationState;
  sideOffset: number;
  /** Offered only while the account may be deleted (an unsubmitted application, not staff). */
  onDeleteAccount?: () => void;
  /** The page that lists the account's applications, offered when the institution takes several (issue 42). */
  applicationsPath?: string;
  /** Offers "Download My Data" (an applicant's account; not a staff member's, which holds no application). */
  offersMyData?: boolean;
}

/** The open account menu (Radix Popover with floating-ui), fetched on first use by account-popover.tsx. */
export function AccountPopoverContent({
  open,
  onOpenChange,
  triggerRef,
  contentId,
  isLoggedIn,
  username,
  onLogOut,
  loggingOut,
  linkState,
  sideOffset,
  onDeleteAccount,
  applicationsPath,
  offersMyData = false,
}: AccountPopoverContentProps) {
  const headingId = useId();
  // As Radix does for its own trigger: focus goes back to the button unless the user clicked or tabbed elsewhere.
  const leftByOutside = useRef(false);
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={triggerRef as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        <Popover.Content
          id={contentId}
          className={styles.content}
          // Radix copies the content's z-index onto its positioning wrapper.
          style={{ zIndex: ACCOUNT_POPOVER_Z_INDEX }}
          sideOffset={sideOffset}
          align="end"
          collisionPadding={8}
          aria-labelledby={headingId}
          onInteractOutside={(event) => {
            // A press on the Account button itself toggles the menu through the button.
            if (triggerRef.current?.contains(event.target as Node)) event.preventDefault();
            else leftByOutside.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!leftByOutside.current) triggerRef.current?.focus();
            leftByOutside.current = false;
          }}
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
              {applicationsPath && (
                <Popover.Close asChild>
                  <Link className={styles.secondaryLink} to={applicationsPath}>
                    Your applications
                  </Link>
                </Popover.Close>
              )}
              {/* A plain download: the browser saves the ZIP the server streams, with the session cookie. */}
              {offersMyData && (
                <a className={styles.secondaryLink} href={MY_DATA_PATH} download>
                  Download My Data
                </a>
              )}
              {onDeleteAccount && (
                <Button variant="secondary" onClick={onDeleteAccount}>
                  Delete Account
                </Button>
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
