import { ROLE_RIGHTS, STAFF_ROLES, type StaffRole } from '@admissions/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../../http/error-handler';
import { accessFor, setStaffAccess } from '../../session/staff-access';
import { loggedInClient, userIdOf } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { retentionPreviewRoute } from './retention-preview-route';

/**
 * The preview against every staff role. Until the team lives in the database (issue 28) every staff session is
 * an administrator, so this mounts the route as app.ts does, behind a stand-in for requireStaff that gives the
 * caller one role: what requireStaff will resolve from the team.
 */
let t: TestApp;
let app: FastifyInstance;
let USER = '';

beforeAll(async () => {
  t = await startTestApp();
  // A real account behind the stand-in session: the audit log names it.
  await loggedInClient(t, 'member@college.test');
  USER = await userIdOf(t, 'member@college.test');
  app = Fastify();
  registerErrorHandler(app);
  app.decorateRequest('session', undefined);
  app.addHook('preHandler', async (req) => {
    const role = req.headers['x-role'] as StaffRole;
    const email = `${role}@college.test`;
    req.session = { userId: USER, accountId: USER, username: email, idHash: 'x', isStaff: true };
    setStaffAccess(req, accessFor(USER, email, [role], null));
  });
  await app.register(retentionPreviewRoute(t.deps), { prefix: '/api/staff' });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await t?.close();
});

describe('GET /api/staff/retention/preview by role', () => {
  it.each(STAFF_ROLES)(
    '%s: 200 with manage_team, otherwise 403 STAFF_RIGHT_MISSING, audited either way',
    async (role) => {
      const res = await app.inject({ method: 'GET', url: '/api/staff/retention/preview', headers: { 'x-role': role } });
      const allowed = ROLE_RIGHTS[role].includes('manage_team');
      expect({ role, status: res.statusCode }).toEqual({ role, status: allowed ? 200 : 403 });
      if (!allowed) expect(res.json()).toMatchObject({ code: 'STAFF_RIGHT_MISSING' });
      const { rows } = await t.db.query<{ action: string; detail: Record<string, unknown> }>(
        `SELECT action, detail FROM staff_audit_log WHERE staff_email = $1 ORDER BY id`,
        [`${role}@college.test`],
      );
      expect(rows.map((r) => r.action)).toEqual([allowed ? 'retention-preview' : 'denied']);
      if (!allowed)
        expect(rows[0]!.detail).toMatchObject({ route: '/api/staff/retention/preview', right: 'manage_team' });
    },
  );

  it('only the administrator holds manage_team today', () => {
    expect(STAFF_ROLES.filter((r) => ROLE_RIGHTS[r].includes('manage_team'))).toEqual(['admin']);
  });
});
