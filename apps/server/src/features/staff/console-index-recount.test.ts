import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { StaffListResponse, StaffListRow } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { applicantAskingLetters } from '../../test-support/letter-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { createFormContext } from '../../core/form-context';
import { MIGRATIONS_DIR } from '../../infra/db/migrate';
import { catchUpConsoleIndex } from './console-index';
import { recountIndexRows } from './console-index-recount';

/**
 * Issue 49: the rows of the office's index written before migration 133 kept a submitted application's missing
 * items and letters at 0 until the application next changed. Migration 136 marks them, and the index job
 * recomputes them. Here two submitted applications each await a letter; their rows are put back as 133 found
 * them (counts 0), one written before 133 was applied and one after, and the migration is run again.
 */
let t: TestApp;
let staff: TestClient;
const OLD = 'old.recount@example.edu';
const NEW = 'new.recount@example.edu';
const MIGRATION = '136-recount-index-rows.sql';

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
  for (const [email, recommender] of [
    [OLD, 'old.referee@uni.example'],
    [NEW, 'new.referee@uni.example'],
  ] as const) {
    const applicant = await applicantAskingLetters(t, email, recommender);
    await expectOk(await applicant.client.post('/api/submit'));
  }
});
afterAll(() => t?.close());

async function rowOf(email: string): Promise<StaffListRow> {
  const res = (
    await expectOk(await staff.get(`/api/staff/applications?q=${encodeURIComponent(email)}`))
  ).json<StaffListResponse>();
  const row = res.rows.find((r) => r.email === email);
  if (!row) throw new Error(`${email} is not on the list`);
  return row;
}

/** What the list shows of a row's counts. */
const countsOf = ({ letters_requested, letters_received, missing_count, complete }: StaffListRow) => ({
  letters_requested,
  letters_received,
  missing_count,
  complete,
});
const AS_BEFORE_133 = { letters_requested: 0, letters_received: 0, missing_count: 0, complete: false };

/** Runs migration 136 again on the index as it is now (its column dropped first, as before the migration). */
async function migrateAgain() {
  await t.db.query('DROP INDEX staff_index_recount');
  await t.db.query('ALTER TABLE staff_application_index DROP COLUMN recount');
  const sql = await readFile(path.join(MIGRATIONS_DIR, MIGRATION), 'utf8');
  for (const statement of sql.replace(/^\s*--.*$/gm, '').split(/;\s*$/m)) {
    if (statement.trim()) await t.db.query(statement);
  }
}

describe('the index rows written before migration 133 (migration 136)', () => {
  it('are marked by the migration, and the index job gives them their counts; rows written since are left alone', async () => {
    // Each awaits its letter (and whatever else its checklist lacks: the letter is one of its missing items).
    const counted = countsOf(await rowOf(OLD));
    expect(counted).toMatchObject({ letters_requested: 1, letters_received: 0, complete: false });
    expect(counted.missing_count).toBeGreaterThanOrEqual(1);
    expect(countsOf(await rowOf(NEW))).toEqual(counted);

    // The rows as 133 left them: counts of before; OLD written before 133 was applied, NEW after.
    const { rows } = await t.db.query<{ applied_at: Date }>(
      "SELECT applied_at FROM schema_migrations WHERE id = '133-letters-in-the-index.sql'",
    );
    const applied = new Date(rows[0]!.applied_at).getTime();
    const corrupt = (email: string, refreshedAt: number) =>
      t.db.query(
        `UPDATE staff_application_index SET missing_count = 0, letters_requested = 0, letters_received = 0,
           refreshed_at = $2 WHERE email = $1`,
        [email, new Date(refreshedAt)],
      );
    await corrupt(OLD, applied - 86_400_000);
    await corrupt(NEW, applied + 1000);
    await migrateAgain();

    const marked = await t.db.query<{ email: string }>(
      'SELECT email FROM staff_application_index WHERE recount ORDER BY email',
    );
    expect(marked.rows.map((r) => r.email)).toEqual([OLD]);
    // Nothing changed in either application: the list's own refresh leaves the row as it was.
    expect(countsOf(await rowOf(OLD))).toEqual(AS_BEFORE_133);

    await catchUpConsoleIndex(t.deps, createFormContext(t.deps.config.tenant));
    expect(countsOf(await rowOf(OLD))).toEqual(counted);
    expect(countsOf(await rowOf(NEW))).toEqual(AS_BEFORE_133);
    expect((await t.db.query('SELECT 1 FROM staff_application_index WHERE recount')).rows).toEqual([]);
    // Once recomputed, a pass finds nothing to do.
    expect(await recountIndexRows(t.deps, () => Promise.reject(new Error('not called')))).toBe(0);
  });

  it('are recomputed a few a pass, each once', async () => {
    await t.db.query('UPDATE staff_application_index SET recount = true');
    const seen: string[][] = [];
    const record = (ids: readonly string[]) => {
      seen.push([...ids]);
      return Promise.resolve();
    };
    expect(await recountIndexRows(t.deps, record, 1)).toBe(1);
    expect(await recountIndexRows(t.deps, record, 1)).toBe(1);
    expect(await recountIndexRows(t.deps, record, 1)).toBe(0);
    expect(seen).toHaveLength(2);
    expect(new Set(seen.flat()).size).toBe(2);
  });

  // PGlite has one connection: a held lock and a pass of another connection cannot be open at once there.
  it.runIf(process.env.TEST_DB === 'postgres')('wait their turn while another pass holds the mark', async () => {
    await t.db.query('UPDATE staff_application_index SET recount = true');
    const record = () => Promise.resolve();
    await t.db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM staff_index_progress WHERE id = 1 FOR UPDATE');
      expect(await recountIndexRows(t.deps, record)).toBe(0);
    });
    expect(await recountIndexRows(t.deps, record)).toBe(2);
  });
});
