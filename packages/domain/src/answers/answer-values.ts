/** Stored values with a fixed meaning (SPEC section 3). */
export const YES = 'Y';
export const NO = 'N';
/** A ticked checkbox; an unticked one is '' like any unanswered key. */
export const CHECKED = 'true';

/** Radio and select answers keep the chosen option's label under this companion key. */
export function descKey(key: string): string {
  return `${key}_desc`;
}

export function isChecked(value: string | undefined): boolean {
  return value === CHECKED;
}
