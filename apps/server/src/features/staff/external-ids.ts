import type { Queryable } from '../../infra/db/db';

/**
 * The campus systems' IDs written back through the read API (issue 45, PUT /api/v1/applications/{id}/external-ids/
 * {system}): what the office's application page, its CSV and the API's own answers show. One read for any number of
 * applications: the API reads a page's at once, the CSV a chunk's.
 */
export async function externalIdsOf(
  db: Queryable,
  applicationIds: readonly string[],
): Promise<Map<string, Record<string, string>>> {
  const out = new Map<string, Record<string, string>>();
  if (applicationIds.length === 0) return out;
  const { rows } = await db.query<{ application_id: string; system: string; external_id: string }>(
    `SELECT application_id, system, external_id FROM application_external_ids
     WHERE application_id = ANY ($1::uuid[]) ORDER BY application_id, system`,
    [applicationIds],
  );
  for (const row of rows)
    (out.get(row.application_id) ?? out.set(row.application_id, {}).get(row.application_id)!)[row.system] =
      row.external_id;
  return out;
}

/** Every system some application has an ID of, in name order: the CSV's columns `external_ids.<system>`. */
export async function externalSystems(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ system: string }>(
    'SELECT DISTINCT system FROM application_external_ids ORDER BY system',
  );
  return rows.map((r) => r.system);
}
