import type { StaffApplicationDetail, StaffListResponse } from '@admissions/domain';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../../infra/db/migrate';
import { auditRowsOf } from '../../session/audit-log';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { restartInNextCycle } from '../../test-support/next-cycle';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * Issue 49, "Links that work" (decision 064): a staff link to an application answers 404 NOT_FOUND with a stable
 * code for a malformed id, an unknown one and one outside the member's programs (that one audited); and a link made
 * in a cycle keeps leading to that cycle's application after its applicant starts the next one, which moves it to
 * an owner id of its own (decision 052): the answer names where it went (`moved_to`).
 */
const LIMITED = 'links.limited@college.test';

let t: TestApp;
let t2: TestApp;
let closeNext: (() => Promise<void>) | undefined;
let mae: Applicant;
let mapp: Applicant;
/** Holds a further application of the cycle (decision 062): an owner of its own from the start, never moved. */
let further: Applicant;
let furtherId: string;
let limited: TestClient;

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  mae = await submittedApplicant(t, 'links.mae@example.edu', { first_name: 'Ada', applied_major: 'MAE' });
  mapp = await submittedApplicant(t, 'links.mapp@example.edu', { first_name: 'Alan', applied_major: 'MAPP' });
  further = await submittedApplicant(t, 'links.further@example.edu', { first_name: 'Fay', applied_major: 'MAE' });
  const started = await further.client.post('/api/applications', { program: 'GSCUP', term: '2027FA' });
  expect(started.statusCode).toBe(201);
  furtherId = started.json<{ application: { id: string } }>().application.id;
  const admin = await loggedInClient(t, STAFF_EMAIL);
  await expectOk(await admin.get('/api/staff/applications'));
  limited = await staffWithRoles(t, LIMITED, ['reader'], ['MAE']);
  ({ next: t2, closeNext } = await restartInNextCycle(t));
});
afterAll(async () => {
  await closeNext?.();
  await t?.close();
});

const deniedOn = async (userId: string) =>
  (await auditRowsOf(t.db, userId)).filter((r) => r.action === 'denied' && r.staff_email === LIMITED);

/** The application of this address in this cycle, as the office's list names it. */
async function listedId(staff: TestClient, email: string, cycle: string): Promise<string> {
  const list = (await expectOk(await staff.get(`/api/staff/applications?cycle=${cycle}`))).json<StaffListResponse>();
  return list.rows.find((r) => r.email === email)!.user_id;
}

describe('a staff link that names no application the member may open', () => {
  it('answers 404 NOT_FOUND for a malformed id, an unknown one, and one outside the member’s programs', async () => {
    const admin = await anotherSession(t, STAFF_EMAIL);
    for (const id of ['not-an-id', '12345', 'ffffffff-ffff-4fff-8fff-ffffffffffff']) {
      const res = await admin.get(`/api/staff/applications/${id}`);
      expect(res.statusCode, id).toBe(404);
      expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    }
    const outside = await limited.get(`/api/staff/applications/${mapp.userId}`);
    expect(outside.statusCode).toBe(404);
    expect(outside.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect(await deniedOn(mapp.userId)).toHaveLength(1);
    // A cycle in the link changes none of it.
    const withCycle = await limited.get(`/api/staff/applications/${mapp.userId}?cycle=2026-27`);
    expect(withCycle.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
  });
});

describe('a staff link made before its applicant started the next cycle', () => {
  let pastMae: string;
  let pastMapp: string;

  beforeAll(async () => {
    // A day on: the moves are made after the applications' history.
    t.clock.advance(86_400_000);
    for (const { email } of [mae, mapp]) {
      const applicant = await anotherSession(t2, email);
      await expectOk(await applicant.post('/api/application/new-cycle', { carry_over: false }));
    }
    const admin = await anotherSession(t2, STAFF_EMAIL);
    pastMae = await listedId(admin, mae.email, '2026-27');
    pastMapp = await listedId(admin, mapp.email, '2026-27');
  });

  it('names where last cycle’s application went, for a link that carries its cycle', async () => {
    expect(pastMae).not.toBe(mae.userId);
    const admin = await anotherSession(t2, STAFF_EMAIL);
    const old = await admin.get(`/api/staff/applications/${mae.userId}?cycle=2026-27`);
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String), moved_to: pastMae });
    const there = await expectOk(await admin.get(`/api/staff/applications/${pastMae}?cycle=2026-27`));
    expect(there.json<StaffApplicationDetail>()).toMatchObject({ user_id: pastMae, cycle_id: '2026-27' });
  });

  it('opens the new application under the same id, for a link of the new cycle or one without a cycle', async () => {
    const admin = await anotherSession(t2, STAFF_EMAIL);
    for (const query of ['?cycle=2027-28', '']) {
      const res = await expectOk(await admin.get(`/api/staff/applications/${mae.userId}${query}`));
      expect(res.json<StaffApplicationDetail>()).toMatchObject({ user_id: mae.userId, cycle_id: '2027-28' });
    }
  });

  it('keeps the record of the move, one row per moved application', async () => {
    const { rows } = await t.db.query<{ old_id: string; cycle_id: string; new_id: string }>(
      'SELECT old_id, cycle_id, new_id FROM moved_applications WHERE old_id = ANY ($1::uuid[]) ORDER BY new_id',
      [[mae.userId, mapp.userId]],
    );
    expect(rows).toEqual(
      [
        { old_id: mae.userId, cycle_id: '2026-27', new_id: pastMae },
        { old_id: mapp.userId, cycle_id: '2026-27', new_id: pastMapp },
      ].sort((a, b) => a.new_id.localeCompare(b.new_id)),
    );
  });

  it('finds the moves made before the record was kept, and takes no further application for one', async () => {
    const sql = await readFile(path.join(MIGRATIONS_DIR, '129-moved-applications.sql'), 'utf8');
    const backfill = sql.slice(sql.indexOf('INSERT INTO moved_applications'));
    const moves = 'SELECT old_id, cycle_id, new_id FROM moved_applications ORDER BY new_id';
    const kept = (await t.db.query<{ old_id: string; new_id: string }>(moves)).rows;
    expect(kept).toHaveLength(2);
    await t.db.query('DELETE FROM moved_applications');
    await t.db.query(backfill);
    expect((await t.db.query(moves)).rows).toEqual(kept);
    expect(kept.map((r) => r.old_id)).not.toContain(further.userId);
    expect(kept.map((r) => r.new_id)).not.toContain(furtherId);
  });

  it('tells a member limited to other programs nothing of where it went, and audits the refusal', async () => {
    const member = await anotherSession(t2, LIMITED);
    const before = (await deniedOn(pastMapp)).length;
    const res = await member.get(`/api/staff/applications/${mapp.userId}?cycle=2026-27`);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NOT_FOUND', message: expect.any(String) });
    expect(await deniedOn(pastMapp)).toHaveLength(before + 1);
    // Of its own programs, it is shown the way.
    const own = await member.get(`/api/staff/applications/${mae.userId}?cycle=2026-27`);
    expect(own.json()).toMatchObject({ code: 'NOT_FOUND', moved_to: pastMae });
  });
});
