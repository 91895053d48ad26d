/**
 * One CSV field (RFC 4180). Applicants type these values, and a spreadsheet
 * runs a cell that starts with = + - @ or a control character as a formula
 * (OWASP "CSV injection"): such a cell gets a leading apostrophe.
 */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly (string | number)[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}
