/** A file of the download: the value as indented JSON with a final newline. */
export const json = (value: unknown) => new TextEncoder().encode(`${JSON.stringify(value, null, 2)}\n`);

/** An instant as the download writes it: ISO 8601 in UTC, or null. */
export const iso = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString() : null);
