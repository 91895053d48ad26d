import {
  programLabelOf,
  type StaffApplicationDetail,
  type StaffListResponse,
  type StaffOtherApplication,
} from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { anotherApplication } from './other-applications.test-helpers';

/**
 * Issue 42: one person holds several applications, one per program. The office's page of each names the
 * person's others (any cycle) with their program, cycle and state, linked where the member may see the
 * program; a member limited to programs learns only that one exists elsewhere. The list and its CSV count the
 * person's applications in the row's cycle.
 */
let t: TestApp;
let office: TestClient;
let limited: TestClient;
let ann: Applicant;
let solo: Applicant;
/** Ann's second application of the open cycle (BMN) and her application of the last cycle (MAPP). */
let second: string;
let past: string;

const PAST_CYCLE = '2025-26';

beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  ann = await submittedApplicant(t, 'ann@example.edu', { first_name: 'Ann', last_name: 'Both' });
  const annAnswers = { ...completeAnswers(), first_name: 'Ann', last_name: 'Both' };
  second = await anotherApplication(t, ann, { ...annAnswers, applied_major: 'BMN' }, { submitted: true });
  past = await anotherApplication(
    t,
    ann,
    { ...annAnswers, applied_major: 'MAPP' },
    { submitted: true, cycleId: PAST_CYCLE },
  );
  solo = await submittedApplicant(t, 'solo@example.edu', { first_name: 'Solo', last_name: 'One' });
  office = await loggedInClient(t, STAFF_EMAIL);
  limited = await staffWithRoles(t, 'mae.reader@college.test', ['reader'], ['MAE']);
});
afterAll(async () => {
  await t?.close();
});

const detailOf = async (c: TestClient, id: string) =>
  (await expectOk(await c.get(`/api/staff/applications/${id}`))).json<StaffApplicationDetail>();
const tenant = () => t.deps.config.tenant;
const seen = (user_id: string, program: string, cycle: string, state: string): StaffOtherApplication => ({
  user_id,
  program,
  program_label: programLabelOf(tenant(), program),
  cycle_id: cycle,
  cycle_label: cycle === tenant().cycle.id ? tenant().cycle.label : cycle,
  state: state as StaffOtherApplication['state'],
  link: true,
});
const HIDDEN: StaffOtherApplication = {
  user_id: null,
  program: null,
  program_label: null,
  cycle_id: null,
  cycle_label: null,
  state: null,
  link: false,
};

describe("the office's page of an application", () => {
  it("names the person's other applications, of every cycle, each linked, for a member who sees their programs", async () => {
    const open = tenant().cycle.id;
    const first = await detailOf(office, ann.userId);
    expect(first.applications_by_person).toBe(2);
    expect(first.other_applications).toEqual([
      seen(second, 'BMN', open, 'submitted'),
      seen(past, 'MAPP', PAST_CYCLE, 'submitted'),
    ]);

    const fromSecond = await detailOf(office, second);
    expect(fromSecond).toMatchObject({ program: 'BMN', email: ann.email, applications_by_person: 2 });
    expect(fromSecond.other_applications).toEqual([
      seen(ann.userId, 'MAE', open, 'submitted'),
      seen(past, 'MAPP', PAST_CYCLE, 'submitted'),
    ]);

    // The past cycle's application counts the one application its person holds in its own cycle.
    expect((await detailOf(office, past)).applications_by_person).toBe(1);
    const single = await detailOf(office, solo.userId);
    expect(single).toMatchObject({ applications_by_person: 1, other_applications: [] });
  });

  it("tells a released decision's state, never a provisional one", async () => {
    await expectOk(await office.put(`/api/staff/applications/${second}/decision`, { code: 'admit' }));
    // Recorded, not released: the other page still says only that it was submitted.
    expect((await detailOf(office, ann.userId)).other_applications[0]).toMatchObject({
      user_id: second,
      state: 'submitted',
    });
    expect(JSON.stringify(await detailOf(office, ann.userId))).not.toContain('provisional');

    await expectOk(await office.post('/api/staff/decisions/release', { application_ids: [second] }));
    expect((await detailOf(office, ann.userId)).other_applications[0]).toMatchObject({
      user_id: second,
      state: 'released',
    });
  });

  it('tells a withdrawn application as withdrawn', async () => {
    await t.db.query(`INSERT INTO application_withdrawals (user_id, withdrawn_at, reason) VALUES ($1, $2, '')`, [
      past,
      t.clock.now(),
    ]);
    expect((await detailOf(office, ann.userId)).other_applications[1]).toMatchObject({
      user_id: past,
      state: 'withdrawn',
    });
  });

  it('tells a member limited to programs only that another application exists, and refuses its page', async () => {
    const detail = await detailOf(limited, ann.userId);
    expect(detail.applications_by_person).toBe(2);
    expect(detail.other_applications).toEqual([HIDDEN, HIDDEN]);
    expect(JSON.stringify(detail.other_applications)).not.toMatch(/BMN|MAPP|2025-26/);

    const refused = await limited.get(`/api/staff/applications/${second}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('the list and its CSV', () => {
  it("count the person's applications in the row's cycle: 2 on each of Ann's rows, 1 for a single applicant", async () => {
    const list = (await expectOk(await office.get('/api/staff/applications'))).json<StaffListResponse>();
    const counts = Object.fromEntries(list.rows.map((r) => [r.user_id, r.applications_by_person]));
    expect(counts).toEqual({ [ann.userId]: 2, [second]: 2, [solo.userId]: 1 });

    const csv = (await expectOk(await office.get('/api/staff/applications.csv'))).body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    // Issue 49's letter columns come after it: read it by its place among the headers.
    const column = csv[0]!.split(',').indexOf('Applications by person');
    expect(column).toBe(21);
    const byProgramAndEmail = csv.slice(1).map((line) => {
      const cells = line.split(',');
      return `${cells[3]} ${cells[5]} ${cells[column]}`;
    });
    expect(byProgramAndEmail.sort()).toEqual([
      'ann@example.edu BMN 2',
      'ann@example.edu MAE 2',
      'solo@example.edu MAE 1',
    ]);

    const everyCycle = (
      await expectOk(await office.get('/api/staff/applications?cycle=all'))
    ).json<StaffListResponse>();
    expect(everyCycle.rows.find((r) => r.user_id === past)?.applications_by_person).toBe(1);
  });

  it("show a member limited to programs the count of the person's applications, theirs or not", async () => {
    const list = (await expectOk(await limited.get('/api/staff/applications'))).json<StaffListResponse>();
    expect(list.rows.map((r) => [r.user_id, r.applications_by_person])).toEqual(
      expect.arrayContaining([
        [ann.userId, 2],
        [solo.userId, 1],
      ]),
    );
    expect(list.rows.map((r) => r.user_id)).not.toContain(second);
  });
});

describe("a member's own applications (issue 48)", () => {
  it("are listed on a colleague's page of either, and neither page opens for the member", async () => {
    const selma = await submittedApplicant(t, 'selma@college.test', { first_name: 'Selma' });
    const hers = await anotherApplication(t, selma, { ...completeAnswers(), applied_major: 'BMN' });
    const self = await staffWithRoles(t, selma.email, ['admin']);

    expect((await detailOf(office, selma.userId)).other_applications).toEqual([
      seen(hers, 'BMN', tenant().cycle.id, 'in-progress'),
    ]);
    for (const id of [selma.userId, hers]) {
      const res = await self.get(`/api/staff/applications/${id}`);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'OWN_APPLICATION' });
    }
  });
});
