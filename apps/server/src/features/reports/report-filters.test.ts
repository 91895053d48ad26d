import type { FunnelReport } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { staffWithRoles } from '../../test-support/staff-roles-helper';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';

/**
 * What every report (issue 47) is drawn for: the open cycle and the member's programs unless asked otherwise,
 * checked on the server; each read in the audit log; JSON or CSV.
 */
let t: TestApp;
let admin: TestClient;
let limited: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  admin = await loggedInClient(t, STAFF_EMAIL);
  limited = await staffWithRoles(t, 'limited-reader@college.test', ['reader'], ['MAPP']);
});
afterAll(async () => {
  await t?.close();
});

const code = (res: { json: <T>() => T }) => res.json<{ code: string }>().code;

describe('the filters of a report', () => {
  it('default to the open cycle and every program the member may see, and name them in the answer', async () => {
    const all = (await expectOk(await admin.get('/api/staff/reports/funnel'))).json<FunnelReport>();
    const open = t.deps.config.tenant.cycle;
    expect(all.filters.cycle).toEqual({ id: open.id, label: open.label });
    expect(all.filters.program).toBeNull();
    expect(all.filters.programs.map((p) => p.code)).toEqual(t.deps.config.tenant.programs.map((p) => p.code));
    expect(all.filters.cycles[0]).toEqual({ id: open.id, label: open.label });
    expect(all.filters.includes_unreleased).toBe(true);

    const mine = (await expectOk(await limited.get('/api/staff/reports/funnel'))).json<FunnelReport>();
    expect(mine.filters.programs).toEqual([{ code: 'MAPP', label: expect.any(String) }]);
    expect(mine.filters.includes_unreleased).toBe(false);
    const one = (await expectOk(await admin.get('/api/staff/reports/funnel?program=MAE'))).json<FunnelReport>();
    expect([one.filters.program, one.filters.programs.map((p) => p.code)]).toEqual(['MAE', ['MAE']]);
  });

  it('refuse an unknown cycle or program (400), and a program outside the member’s (404, audited)', async () => {
    const unknownCycle = await admin.get('/api/staff/reports/funnel?cycle=1999-00');
    expect([unknownCycle.statusCode, code(unknownCycle)]).toEqual([400, 'CYCLE_UNKNOWN']);
    const unknownProgram = await admin.get('/api/staff/reports/funnel?program=NOPE');
    expect([unknownProgram.statusCode, code(unknownProgram)]).toEqual([400, 'PROGRAM_UNKNOWN']);
    const outside = await limited.get('/api/staff/reports/funnel?program=MAE');
    expect([outside.statusCode, code(outside)]).toEqual([404, 'NOT_FOUND']);
    const { rows } = await t.db.query<{ reason: string; program: string }>(
      `SELECT detail ->> 'reason' AS reason, detail ->> 'program' AS program FROM staff_audit_log
       WHERE staff_email = 'limited-reader@college.test' AND action = 'denied'`,
    );
    expect(rows).toEqual([{ reason: 'program-not-seen', program: 'MAE' }]);
    // Anything else odd is a 400 with its code, never a 500: an unknown, repeated, empty or overlong parameter.
    for (const odd of ['programme=MAE', 'program=MAE&program=MAPP', 'cycle=', `program=${'X'.repeat(500)}`]) {
      const res = await admin.get(`/api/staff/reports/funnel?${odd}`);
      expect([odd, res.statusCode, code(res)]).toEqual([odd, 400, 'BAD_REQUEST']);
    }
  });
});

describe('the format of a report', () => {
  it('is CSV when asked by ?format=csv or Accept: text/csv, JSON otherwise, and 406 for anything else', async () => {
    const byQuery = await expectOk(await admin.get('/api/staff/reports/funnel?format=csv'));
    expect(byQuery.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(byQuery.headers['content-disposition']).toContain(`funnel-${t.deps.config.tenant.cycle.id}.csv`);
    expect(byQuery.body.split('\r\n').length).toBeGreaterThan(2);
    const byAccept = await expectOk(await admin.get('/api/staff/reports/funnel', { accept: 'text/csv' }));
    expect(byAccept.body).toBe(byQuery.body);
    const json = await expectOk(await admin.get('/api/staff/reports/funnel', { accept: 'application/json' }));
    expect(json.headers['content-type']).toContain('application/json');

    const refused = await admin.get('/api/staff/reports/funnel', { accept: 'text/csv;q=0, application/json' });
    expect(refused.headers['content-type']).toContain('application/json');

    const xml = await admin.get('/api/staff/reports/funnel?format=xml');
    expect([xml.statusCode, code(xml)]).toEqual([406, 'REPORT_FORMAT_UNKNOWN']);
    const acceptXml = await admin.get('/api/staff/reports/funnel', { accept: 'application/xml' });
    expect([acceptXml.statusCode, code(acceptXml)]).toEqual([406, 'REPORT_FORMAT_UNKNOWN']);
  });
});

describe('the audit log', () => {
  it('records every report read with its filters and format', async () => {
    const before = await t.db.query(`SELECT 1 FROM staff_audit_log WHERE action = 'view-report'`);
    await expectOk(await admin.get('/api/staff/reports/timing?program=MAPP&format=csv'));
    const { rows } = await t.db.query<{ staff_email: string; detail: object }>(
      `SELECT staff_email, detail FROM staff_audit_log WHERE action = 'view-report' ORDER BY id DESC LIMIT 1`,
    );
    expect(rows).toEqual([
      {
        staff_email: STAFF_EMAIL,
        detail: { report: 'timing', cycle: t.deps.config.tenant.cycle.id, program: 'MAPP', format: 'csv' },
      },
    ]);
    const after = await t.db.query(`SELECT 1 FROM staff_audit_log WHERE action = 'view-report'`);
    expect(after.rows.length).toBe(before.rows.length + 1);
  });
});
