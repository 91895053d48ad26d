import { completeAnswers } from '@admissions/domain/testing';
import {
  checklistWaiversPath,
  FEE_FILTERS,
  type FeeFilter,
  type StaffListResponse,
  type StaffListRow,
} from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { feeWaiverRequest, paidFee } from '../../test-support/fee-helpers';
import { STAFF_EMAIL, STAFF_ENV, applicantWith, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { createFormContext } from '../../core/form-context';
import { recordFeeChange } from '.';
import { catchUpConsoleIndex, markRowsForNewFees } from './console-index';

/**
 * The office's list of applications with their fees (issue 43): a `fee` and a `deposit` column, the `fee` filter
 * and the CSV's columns, from the index's fee columns (migration 137), judged overdue by the clock when read.
 */
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(() => t?.close());

/** Moves the clock on; the office's session (15 minutes idle at most) logs in again. */
async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  staff = await anotherSession(t, STAFF_EMAIL);
}

/** An applicant of this file: the search term `feelist` finds them all. */
function applicant(name: string, program = 'MAE', submit = true): Promise<Applicant> {
  return applicantWith(
    t,
    `${name}.feelist@example.edu`,
    { ...completeAnswers(), applied_major: program, first_name: name },
    submit,
  );
}

async function list(query = ''): Promise<StaffListRow[]> {
  const res = await expectOk(await staff.get(`/api/staff/applications?q=feelist${query}`));
  return res.json<StaffListResponse>().rows;
}
const names = (rows: StaffListRow[]) => rows.map((r) => r.first_name).sort();
const filtered = async (fee: FeeFilter) => names(await list(`&fee=${fee}`));

async function indexColumns(userId: string) {
  const { rows } = await t.db.query<{ fee_state: string | null; deposit_state: string | null; complete: boolean }>(
    'SELECT fee_state, deposit_state, complete FROM staff_application_index WHERE user_id = $1',
    [userId],
  );
  return rows[0];
}

describe("the list's fee column and filter (issue 43)", () => {
  const people: Record<string, Applicant> = {};

  beforeAll(async () => {
    // Submitted first: its grace has passed by the time the others submit.
    people.late = await applicant('late');
    await advance(73 * HOUR);
    people.due = await applicant('due');
    people.paid = await applicant('paid');
    people.waived = await applicant('waived');
    people.officewaived = await applicant('officewaived');
    people.pending = await applicant('pending');
    people.certificate = await applicant('certificate', 'GSCUP');
    people.unsubmitted = await applicant('unsubmitted', 'MAE', false);
    people.accepted = await applicant('accepted');
    await paidFee(t, people.paid.userId);
    await feeWaiverRequest(t, people.waived.userId, 'approved');
    await expectOk(
      await staff.post(checklistWaiversPath(people.officewaived.userId), {
        item_key: 'application_fee',
        reason: 'Veteran',
      }),
    );
    await feeWaiverRequest(t, people.pending.userId, 'pending');
    await paidFee(t, people.accepted.userId);
    await expectOk(await staff.put(`/api/staff/applications/${people.accepted.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [people.accepted.userId] }));
    await expectOk(await people.accepted.client.post('/api/decision/response', { response: 'accept' }));
  });

  it('shows each application fee and deposit; null where there is none', async () => {
    const byName = new Map((await list()).map((r) => [r.first_name, r]));
    const columns = Object.fromEntries(
      [...byName].map(([name, r]) => [name, { fee: r.fee, deposit: r.deposit }] as const),
    );
    expect(columns).toEqual({
      late: { fee: 'overdue', deposit: null },
      due: { fee: 'due', deposit: null },
      paid: { fee: 'paid', deposit: null },
      waived: { fee: 'waived', deposit: null },
      officewaived: { fee: 'waived', deposit: null },
      pending: { fee: 'waiver_pending', deposit: null },
      certificate: { fee: null, deposit: null },
      unsubmitted: { fee: null, deposit: null },
      accepted: { fee: 'paid', deposit: 'due' },
    });
  });

  it('filters by each fee state, overdue and the deposit overdue judged by the clock', async () => {
    expect(await filtered('due')).toEqual(['due']);
    expect(await filtered('overdue')).toEqual(['late']);
    expect(await filtered('paid')).toEqual(['accepted', 'paid']);
    expect(await filtered('waived')).toEqual(['officewaived', 'waived']);
    expect(await filtered('waiver_pending')).toEqual(['pending']);
    expect(await filtered('deposit_overdue')).toEqual([]);
    expect((await staff.get('/api/staff/applications?fee=unpaid')).statusCode).toBe(400);

    // Fourteen days on, nothing written: the due fee and the deposit are overdue by the clock alone; a pending
    // waiver request never is.
    await advance(14 * DAY);
    expect(await filtered('due')).toEqual([]);
    expect(await filtered('overdue')).toEqual(['due', 'late']);
    expect(await filtered('waiver_pending')).toEqual(['pending']);
    expect(await filtered('deposit_overdue')).toEqual(['accepted']);
    expect((await list('&fee=deposit_overdue'))[0]).toMatchObject({ fee: 'paid', deposit: 'overdue' });
    for (const fee of FEE_FILTERS) expect((await staff.get(`/api/staff/applications?fee=${fee}`)).statusCode).toBe(200);
  });

  it('exports the fee and the deposit, last, filtered as the list is', async () => {
    const res = await expectOk(await staff.get('/api/staff/applications.csv?q=feelist&fee=deposit_overdue'));
    const lines = res.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]!.split(',').slice(-2)).toEqual(['Application fee', 'Deposit']);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.split(',').slice(-2)).toEqual(['paid', 'overdue']);
  });
});

describe('recordFeeChange: the index learns a fee change in the transaction that makes it (issue 43)', () => {
  it("writes the row's fee columns at once and a history row the refresher recomputes the row from", async () => {
    const a = await applicant('indexed');
    await list(); // the refresher writes the row
    expect(await indexColumns(a.userId)).toEqual({ fee_state: 'due', deposit_state: null, complete: false });

    const payment = { id: '5b0c9a43-2f4e-4a55-9d1c-0e3f6d1b2a77', at: t.clock.now() };
    const insert = `INSERT INTO payments (id, user_id, purpose, expected_amount, amount, currency, method, state,
        paid_at, created_at, updated_at) VALUES ($1, $2, 'application_fee', 7500, 7500, 'USD', 'cash', 'paid', $3, $3, $3)`;
    // A payment written without it: the index does not know.
    await t.db.query(insert, [payment.id, a.userId, payment.at]);
    expect((await indexColumns(a.userId))?.fee_state).toBe('due');

    const before = await t.db.query<{ n: string }>('SELECT max(id) AS n FROM answer_history');
    await t.db.transaction(async (tx) => {
      await recordFeeChange(tx, t.deps, a.userId, { payment: payment.id, state: 'paid' });
      // Inside the transaction, before any list call or refresher pass.
      const { rows } = await tx.query<{ fee_state: string }>(
        'SELECT fee_state FROM staff_application_index WHERE user_id = $1',
        [a.userId],
      );
      expect(rows[0]?.fee_state).toBe('paid');
    });
    const { rows: history } = await t.db.query<{ user_id: string; kind: string; changes: unknown }>(
      'SELECT user_id, kind, changes FROM answer_history WHERE id > $1',
      [before.rows[0]?.n ?? 0],
    );
    expect(history).toEqual([
      { user_id: a.userId, kind: 'checklist', changes: { payment: payment.id, state: 'paid' } },
    ]);
    // The letter is all that is missing now; the refresher's pass (a list call) keeps the fee as written.
    const row = (await list()).find((r) => r.user_id === a.userId);
    expect(row).toMatchObject({ fee: 'paid', missing_count: 1, complete: false });

    // A refund in full: due again (its grace long passed: overdue), and the list says so.
    await t.db.transaction(async (tx) => {
      await tx.query(`UPDATE payments SET state = 'refunded', refunded_amount = 7500 WHERE id = $1`, [payment.id]);
      await recordFeeChange(tx, t.deps, a.userId, { refund: payment.id });
    });
    expect((await indexColumns(a.userId))?.fee_state).toBe('due');
    await advance(72 * HOUR);
    expect((await list('&fee=overdue')).map((r) => r.user_id)).toContain(a.userId);
  });

  it('leaves a row the index does not hold yet to the refresher, and changes nothing without fees', async () => {
    const a = await applicant('unindexed');
    await t.db.query('DELETE FROM staff_application_index WHERE user_id = $1', [a.userId]);
    await t.db.transaction((tx) => recordFeeChange(tx, t.deps, a.userId, { fee_waiver: 'pending' }));
    expect(await indexColumns(a.userId)).toBeUndefined();
    expect((await list()).find((r) => r.user_id === a.userId)).toMatchObject({ fee: 'due' });

    const noFees = { ...t.deps, config: { ...t.deps.config, tenant: { ...t.deps.config.tenant, fees: undefined } } };
    await t.db.transaction((tx) => recordFeeChange(tx, noFees, a.userId, { fees: 'none' }));
    expect(await indexColumns(a.userId)).toMatchObject({ fee_state: null, deposit_state: null });
  });
});

describe("the rows written with other fees than the tenant file's (migration 137)", () => {
  const indexJob = (deps: TestApp['deps']) => catchUpConsoleIndex(deps, createFormContext(deps.config.tenant));
  const basis = async () =>
    (await t.db.query<{ fees_basis: string | null }>('SELECT fees_basis FROM staff_index_progress WHERE id = 1'))
      .rows[0]?.fees_basis;

  it('are written again by the index job: those of before issue 43, and all of them when the fees change', async () => {
    const a = await applicant('rebased');
    await list();
    // The first pass on an index whose rows were all written with these fees: they become the basis, no row marked.
    await indexJob(t.deps);
    expect(JSON.parse((await basis())!)).toEqual(t.deps.config.tenant.fees);
    expect(await markRowsForNewFees(t.deps)).toBe(false);

    // A row as migration 137 found it, written before the fees.
    await t.db.query(
      `UPDATE staff_application_index SET fee_state = NULL, fee_due_at = NULL, missing_count = 1, complete = false
       WHERE user_id = $1`,
      [a.userId],
    );
    await t.db.query(`UPDATE staff_index_progress SET fees_basis = 'before-137' WHERE id = 1`);
    await indexJob(t.deps);
    expect(await indexColumns(a.userId)).toMatchObject({ fee_state: 'due' });
    expect((await list()).find((r) => r.user_id === a.userId)).toMatchObject({ fee: 'due', missing_count: 2 });

    // The office makes MAE free: every submitted row is written again with the new fees.
    const { fees } = t.deps.config.tenant;
    const free = {
      ...t.deps,
      config: {
        ...t.deps.config,
        tenant: { ...t.deps.config.tenant, fees: { ...fees!, application: { amount: 7500, by_program: { MAE: 0 } } } },
      },
    };
    await indexJob(free);
    expect(await indexColumns(a.userId)).toMatchObject({ fee_state: null });
    expect((await t.db.query('SELECT 1 FROM staff_application_index WHERE recount')).rows).toEqual([]);
    expect(await markRowsForNewFees(free)).toBe(false);
    // And back.
    expect(await markRowsForNewFees(t.deps)).toBe(true);
    await indexJob(t.deps);
    expect(await indexColumns(a.userId)).toMatchObject({ fee_state: 'due' });
  });
});
