import { ACCOUNT_POPOVER_SIDE_OFFSET } from '@admissions/domain';
import { useId, useRef, useState } from 'react';
import type { NavigationState } from '../../lib/navigation-state';
import { lazyPart } from '../ui/lazy-part';
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
  /** Offered in the menu when given: opens the account deletion dialog. */
  onDeleteAccount?: () => void;
  /** Offered in the menu when given: the page that lists the account's applications (issue 42). */
  applicationsPath?: string;
  /** Offers "Download My Data" (an applicant's account; not a staff member's, which holds no application). */
  offersMyData?: boolean;
}

/** The menu itself (Radix Popover and floating-ui) is fetched when first wanted, not with the page. */
const Content = lazyPart(() => import('./account-popover-content').then((m) => m.AccountPopoverContent));
export const preloadAccountPopover = Content.preload;

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
  onDeleteAccount,
  applicationsPath,
  offersMyData = false,
}: AccountPopoverProps) {
  const [ownOpen, setOwnOpen] = useState(false);
  const isOpen = open ?? ownOpen;
  const [mounted, setMounted] = useState(isOpen);
  if (isOpen && !mounted) setMounted(true);
  const contentId = useId();
  const triggerRef = useRef<HTMLButtonElement | null>(null);

  const setOpen = (next: boolean) => {
    if (open === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  const preload = () => void Content.preload().catch(() => {});

  return (
    <>
      {/* What Radix's Popover.Trigger says about the menu it opens. */}
      <button
        ref={triggerRef}
        type="button"
        className={styles.trigger}
        aria-haspopup="dialog"
        aria-expanded={isOpen}
        aria-controls={isOpen ? contentId : undefined}
        data-state={isOpen ? 'open' : 'closed'}
        data-account-trigger=""
        onClick={() => setOpen(!isOpen)}
        onPointerEnter={preload}
        onFocus={preload}
      >
        <PersonIcon />
        <span>Account</span>
      </button>
      {mounted && (
        <Content.Part
          open={isOpen}
          onOpenChange={setOpen}
          triggerRef={triggerRef}
          contentId={contentId}
          isLoggedIn={isLoggedIn}
          username={username}
          onLogOut={onLogOut}
          loggingOut={loggingOut}
          linkState={linkState}
          sideOffset={sideOffset}
          onDeleteAccount={onDeleteAccount}
          applicationsPath={applicationsPath}
          offersMyData={offersMyData}
        />
      )}
    </>
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
