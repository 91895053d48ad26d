import { formatDateInZone } from '@admissions/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../../test/pdf-text';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { postalAddress } from './decision-letter-pdf';

let t: TestApp;
let staff: TestClient;
beforeAll(async () => {
  t = await startTestApp(STAFF_ENV);
  staff = await loggedInClient(t, STAFF_EMAIL);
});
afterAll(async () => {
  await t?.close();
});

describe('the decision letter as a PDF (issue 41)', () => {
  it("is on the college's letterhead, dated, addressed to the applicant by full name, and signed", async () => {
    const ada = await submittedApplicant(t, 'letterhead.ada@example.edu', {
      first_name: 'Ada',
      last_name: 'Lovelace',
      preferred_name: 'Addie',
    });
    await expectOk(await staff.put(`/api/staff/applications/${ada.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [ada.userId] }));
    const text = await pdfText((await expectOk(await ada.client.get('/api/decision/letter.pdf'))).rawPayload);
    // Dates written one way, in the institution's zone (issue 49).
    const released = formatDateInZone(t.clock.now(), 'America/Chicago');
    for (const part of [
      'Brightwater College',
      'Office of Graduate Admissions, 1200 Lakeshore Avenue',
      released,
      'Ada Lovelace',
      '1 Main St',
      'Springfield, IL 62701',
      'Your application: MA in Education, Fall 2027 (classes begin Monday, 23 August 2027)',
      // The tenant's template greets by the preferred name; the address block has the full name.
      'Dear Addie,',
      'Dr. Maya Okafor',
      'Dean of Graduate Admissions',
    ])
      expect(text).toContain(part);
  });

  it('is addressed to the mailing address when it differs, with the country when abroad', () => {
    expect(
      postalAddress({
        mailing_addr_same_as_perm_addr: 'N',
        address_line_1: '1 Main St',
        mailing_address_line_1: '5 Rue de la Paix',
        mailing_address_line_2: 'Apt 3',
        mailing_city: 'Paris',
        mailing_zip: '75002',
        mailing_country: 'FRA',
        mailing_country_desc: 'France',
      }),
    ).toEqual(['5 Rue de la Paix', 'Apt 3', 'Paris, 75002', 'France']);
  });

  it("is drawn at most ten times a minute for one applicant, and another applicant's letter is not held up", async () => {
    const [a, b] = [
      await submittedApplicant(t, 'letterhead.many@example.edu', { first_name: 'Many' }),
      await submittedApplicant(t, 'letterhead.other@example.edu', { first_name: 'Other' }),
    ];
    for (const x of [a, b])
      await expectOk(await staff.put(`/api/staff/applications/${x.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [a.userId, b.userId] }));
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push((await a.client.get('/api/decision/letter.pdf')).statusCode);
    expect(statuses).toEqual([...Array<number>(10).fill(200), 429]);
    expect((await b.client.get('/api/decision/letter.pdf')).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    a.client = await anotherSession(t, a.email);
    expect((await a.client.get('/api/decision/letter.pdf')).statusCode).toBe(200);
  });
});
