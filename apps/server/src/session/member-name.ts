/**
 * A member's name beside an address the office's rows keep (issue 49: names, not e-mails), as SQL: a scalar
 * subquery on staff_members by its key, so a list of rows reads every name in the same statement. NULL for an
 * address with no name (a member invited before migration 134, a STAFF_EMAILS administrator, whose row carries
 * no name of its own, an address no longer on the team): the console then shows the address.
 *
 * `emailSql` is an expression of the caller's statement (a column), never a value a request gave. The team keeps
 * addresses normalised (lower case); a row written with the session's address may not be, hence lower().
 */
export const memberNameSql = (emailSql: string): string =>
  `(SELECT m.name FROM staff_members m WHERE m.email = lower(${emailSql}) AND NOT m.from_environment)`;
