const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a caller's id is a well-formed UUID: anything else names no row, and is never sent to a uuid column. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
