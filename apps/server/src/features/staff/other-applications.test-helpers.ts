import { randomUUID } from 'node:crypto';
import type { Applicant } from '../../test-support/staff-helpers';
import type { TestApp } from '../../test-support/test-app';

/**
 * A further application of an account, made directly in the database as issue 42 keys it (decision 052): an
 * owner row of its own (application_of = the account, same address, no password), its applications row in the
 * given cycle (the open one unless named), its status events and one answer_history row, so the office's index
 * picks it up as it does any saved change. Submitted when asked, as markSubmitted does for the account's own.
 * Returns its id (the owner's user id).
 */
export async function anotherApplication(
  t: TestApp,
  account: Pick<Applicant, 'email' | 'userId'>,
  answers: Record<string, string>,
  { submitted = false, cycleId = t.deps.config.tenant.cycle.id } = {},
): Promise<string> {
  const id = randomUUID();
  const at = t.clock.now();
  await t.db.query(
    `INSERT INTO users (id, email, password_hash, confirmed_at, created_at, application_of) VALUES ($1, $2, '', $3, $3, $4)`,
    [id, account.email, at, account.userId],
  );
  await t.db.query(
    `INSERT INTO applications (user_id, cycle_id, answers, updated_at, submitted_at) VALUES ($1, $2, $3::jsonb, $4, $5)`,
    [id, cycleId, JSON.stringify(answers), at, submitted ? at : null],
  );
  const statuses = submitted ? ['started', 'validating', 'submitted'] : ['started'];
  await t.db.query(
    `INSERT INTO web_status_events (user_id, web_status, created_at) SELECT $1, s, $2 FROM unnest($3::text[]) s`,
    [id, at, statuses],
  );
  await t.db.query(
    `INSERT INTO answer_history (user_id, kind, changes, created_at) VALUES ($1, 'answer', $2::jsonb, $3)`,
    [id, JSON.stringify(answers), at],
  );
  return id;
}
