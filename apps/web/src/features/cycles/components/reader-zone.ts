/** The browser's own zone; undefined when the platform does not say. */
export function readerZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
}
