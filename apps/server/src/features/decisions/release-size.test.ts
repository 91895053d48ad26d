import { DECISION_RELEASE_MAX_APPLICATIONS } from '@admissions/domain';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV } from '../../test-support/staff-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { seedDecidedApplications } from './decision.test-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
});
afterAll(async () => {
  await t?.close();
});

/** The release call takes as many applications as its schema allows: its body is larger than most. */
describe('a release of many applications', () => {
  it('takes 8,000 ids in one call (dry run) and refuses more than the maximum with 400, not 413', async () => {
    const staff = await loggedInClient(t, STAFF_EMAIL);
    // 8,000 ids are 312 KB of JSON, past the app's 256 KB body limit; seeded a thousand at a time.
    const ids: string[] = [];
    for (let i = 0; i < 8; i++)
      ids.push(...(await seedDecidedApplications(t.db, 1000, { prefix: `size${i}` })).map((a) => a.userId));
    const dry = await staff.post('/api/staff/decisions/release', { application_ids: ids, dry_run: true });
    expect(dry.statusCode).toBe(200);
    expect(dry.json()).toMatchObject({ count: 8000, dry_run: true, release_id: null });

    const tooMany = Array.from({ length: DECISION_RELEASE_MAX_APPLICATIONS + 1 }, () => randomUUID());
    const refused = await staff.post('/api/staff/decisions/release', { application_ids: tooMany, dry_run: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'BAD_REQUEST' });
    // Seeding 8,000 applications on PGlite takes longer than a test's default limit on a loaded machine.
  }, 180_000);
});
