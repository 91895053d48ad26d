import { officeApi, userIdOf } from './decision-journeys';
import { expect, sameOrigin } from './fixtures';

/**
 * The application fee (or, once an offer is accepted, the deposit) of the one applicant with this last name,
 * recorded by the office as paid by check (issue 43): for journeys about something else, whose checklist must be
 * complete.
 */
export async function feePaidByCheck(
  baseURL: string,
  lastName: string,
  purpose: 'application_fee' | 'deposit' = 'application_fee',
): Promise<void> {
  const office = await officeApi(baseURL);
  const id = await userIdOf(office, lastName);
  const paid = await office.post(`/api/staff/applications/${id}/payments`, {
    data: {
      amount: purpose === 'deposit' ? 25000 : 7500,
      method: 'check',
      reference: `e2e-${purpose}-${lastName}`,
      received_on: '2026-11-02',
      purpose,
    },
    headers: sameOrigin(),
  });
  expect(paid.status()).toBe(201);
  await office.dispose();
}
