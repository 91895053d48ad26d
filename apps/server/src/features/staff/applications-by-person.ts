/**
 * How many applications the person of an index row holds in that row's cycle, itself included (issue 42), as a
 * column of a read of `source`, whose rows carry user_id, person_id and cycle_id. The person is the owner's
 * account, which the refresher writes on every index row (person_id, migrations/126-applications-by-person.sql):
 * one probe of staff_index_person_cycle a row. Counted over every program, also those a member may not see, and
 * over the applications the office's index holds, as the list shows them.
 */
export const applicationsByPersonSql = (source: string) => `(
  SELECT count(*)::int FROM staff_application_index person_app
  WHERE COALESCE(person_app.person_id, person_app.user_id) = COALESCE(${source}.person_id, ${source}.user_id)
    AND person_app.cycle_id = ${source}.cycle_id
) AS applications_by_person`;

/** What a page must select, beside the list's columns, for withApplicationsByPerson. */
export const PAGE_KEYS = 'sort_name, person_id';

/**
 * A page of the list (or a chunk of its export) with each row's count: the page is read first, with its LIMIT
 * and OFFSET, and only its own rows are counted. Counted in the page's statement itself, PostgreSQL computes the
 * column for every row an OFFSET skips too (measured through users and applications: 2.2 s for a chunk of the
 * export at offset 100,000, past the 2 s statement limit). `page` selects PAGE_KEYS, so the outer ORDER BY,
 * the page's own, finds every column it names and keeps the page's order (the planner sees the page sorted).
 */
export const withApplicationsByPerson = (page: string, orderBy: string) =>
  `SELECT page.*, ${applicationsByPersonSql('page')} FROM (${page}) page ORDER BY ${orderBy}`;
