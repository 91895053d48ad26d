import { useState } from 'react';

/**
 * What the user entered, kept apart from the stored answer when the two may
 * differ: a half-typed date, a month without a year or a half-typed phone
 * number all store '' (SPEC section 5, validation/README "Invalid dates"),
 * yet must stay on screen.
 *
 * When the stored answer changes to something the draft does not stand for
 * (cleared by a rule, filled by a lookup), the draft follows the stored
 * value; our own '' for a half-entered value leaves the draft alone.
 */
export function useDraft<T>(stored: string, toStored: (draft: T) => string, fromStored: (stored: string) => T) {
  const [draft, setDraft] = useState(() => fromStored(stored));
  const [seen, setSeen] = useState(stored);
  // Adjusting state while rendering: React's pattern for "information from previous renders".
  if (stored !== seen) {
    setSeen(stored);
    if (toStored(draft) !== stored) setDraft(fromStored(stored));
  }
  return [draft, setDraft] as const;
}

const same = (s: string) => s;

/** useDraft for a draft that is text in the stored format. */
export function useDraftValue(stored: string, toStored: (draft: string) => string) {
  return useDraft(stored, toStored, same);
}
