/** Where a staff sign-in ends when it was asked for nowhere in particular. */
export const STAFF_HOME = '/staff';

/**
 * The console page a sign-in returns to (the login's `return_to`, carried as RelayState through the IdP, which
 * anyone could change on the way back): only a path of this site under /staff, else /staff. No scheme, no host,
 * no `//` or backslash that a browser would read as another site.
 */
export function staffReturnPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 1000) return STAFF_HOME;
  if (!/^\/staff(?:[/?#]|$)/.test(value)) return STAFF_HOME;
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (/[\\\s\u0000-\u001f\u007f]/.test(value) || value.includes('//')) return STAFF_HOME;
  return value;
}
