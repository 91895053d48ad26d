import { waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { expect } from 'vitest';

/** Closes a toast with its Close button, as a user would. */
export async function closeToast(user: UserEvent, toast: HTMLElement): Promise<void> {
  const close = within(toast).getByRole('button', { name: 'Close' });
  // Radix turns pointer events on for the toast area one render after the first toast appears.
  await waitFor(() => expect(getComputedStyle(close).pointerEvents).not.toBe('none'));
  await user.click(close);
}
