const whole = new Intl.NumberFormat('en-US');
const oneDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 });

/** 1234 → "1,234". */
export const count = (n: number) => whole.format(n);

/** 0.783 → "78%"; null → the dash of a cell with no value. */
export const percent = (share: number | null) => (share === null ? '–' : `${Math.round(share * 100)}%`);

/** Days, a mean or a spread to one decimal; null → "–". */
export const decimal = (n: number | null) => (n === null ? '–' : oneDecimal.format(n));

/** A signed difference to one decimal ("+0.4", "−1.2"): the sign says which way, not a colour. */
export const signed = (n: number | null) =>
  n === null ? '–' : n > 0 ? `+${oneDecimal.format(n)}` : n < 0 ? `−${oneDecimal.format(-n)}` : '0';
