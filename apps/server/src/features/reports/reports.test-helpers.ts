import { completeAnswers } from '@admissions/domain/testing';
import { applicantWith, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, type TestApp, type TestClient } from '../../test-support/test-app';

/** A submitted application with the complete answers and these changes (program, term, About answers). */
export const submitted = (t: TestApp, email: string, answers: Record<string, string> = {}): Promise<Applicant> =>
  applicantWith(t, email, { ...completeAnswers(), ...answers }, true);

/** Records a decision and releases it now, as the office does (the decisions routes). */
export async function decideAndRelease(staff: TestClient, userId: string, body: Record<string, unknown>) {
  await expectOk(await staff.put(`/api/staff/applications/${userId}/decision`, body));
  await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [userId] }));
}

/**
 * Moves an application into a closed cycle, 2025-26, that the reports can be asked for. Directly in the
 * database: through the API a closed cycle's application takes a restart with the previous year's tenant file
 * and a clock a year back, which the fixture's other applications could not share.
 */
export async function moveToPastCycle(t: TestApp, userId: string) {
  await t.db.query(
    `INSERT INTO cycle_history (cycle_id, closes_at, recorded_at) VALUES ('2025-26', '2026-07-31T23:59:00Z', $1)
     ON CONFLICT (cycle_id) DO NOTHING`,
    [t.clock.now()],
  );
  await t.db.query(`UPDATE applications SET cycle_id = '2025-26' WHERE user_id = $1`, [userId]);
}
