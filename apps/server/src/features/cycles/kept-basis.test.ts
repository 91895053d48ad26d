import type { StatusResponse } from '@admissions/domain';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../../../test/pdf-text';
import { SAMPLE_TENANT_CONFIG } from '../../config';
import { loggedInClient } from '../../test-support/application-helpers';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { zipEntries } from '../../test-support/zip-entries';
import { paidFee } from '../../test-support/fee-helpers';

/**
 * Issue 41: an office closes cycle 2026-27 and restarts with a tenant file for the next one, which offers only
 * 2028 terms and has renamed the program she applied to. Nothing she or the office reads of her admitted and
 * accepted application changes: letter, status and checklist, the office's detail, its CSV, the PDF copy and
 * "Download my data" are compared before and after, as text.
 */
interface Sample {
  programs: { code: string; label: string; terms: string[] }[];
  terms: { id: string; label: string; starts: string }[];
  cycle: Record<string, string>;
}

function nextCycleTenant(sample: Sample): Sample {
  return {
    ...sample,
    cycle: { id: '2027-28', label: 'Admissions 2027–28', opens: '2026-11-01T00:00', closes: '2028-08-31T23:59' },
    terms: sample.terms.filter((term) => term.id.startsWith('2028')),
    programs: sample.programs.map((p) => ({
      ...p,
      label: p.code === 'MAE' ? 'Master of Engineering, Aerospace' : p.label,
      terms: p.terms.filter((id) => id.startsWith('2028')),
    })),
  };
}

let dir: string;
let nextTenantFile: string;
let first: TestApp | undefined;
let second: TestApp | undefined;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ap-kept-basis-'));
  nextTenantFile = path.join(dir, 'next-cycle-tenant.json');
  const sample = JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as Sample;
  await writeFile(nextTenantFile, JSON.stringify(nextCycleTenant(sample)));
});
afterAll(async () => {
  await first?.close();
  await second?.close();
  await rm(dir, { recursive: true, force: true });
});

/** The same browser after the restart: its cookies, sent to the new process. */
function sameBrowser(t: TestApp, before: TestClient): TestClient {
  const client = t.client();
  for (const [name, value] of before.cookies) client.cookies.set(name, value);
  return client;
}

/** Everything the applicant and the office read of one application, as text. */
async function whatEveryoneReads(applicant: TestClient, staff: TestClient, userId: string) {
  const status = (await expectOk(await applicant.get('/api/status'))).json<StatusResponse>();
  const letter = await pdfText((await expectOk(await applicant.get('/api/decision/letter.pdf'))).rawPayload);
  const copy = await pdfText((await expectOk(await applicant.get('/api/pdf/file'))).rawPayload);
  const myData = await zipEntries((await expectOk(await applicant.get('/api/my-data'))).rawPayload);
  const detail = (await expectOk(await staff.get(`/api/staff/applications/${userId}`))).json<Record<string, unknown>>();
  const csv = (await expectOk(await staff.get('/api/staff/applications.csv?cycle=all'))).body;
  return {
    checklist: JSON.stringify({ complete: status.complete, checklist: status.checklist }, null, 1),
    decision: JSON.stringify(status.decision, null, 1),
    letter,
    copy,
    myDataAnswers: new TextDecoder().decode(myData.get('answers.json')),
    myDataCopy: await pdfText(myData.get('application-copy.pdf')!),
    detail: JSON.stringify({ ...detail, packet_url: undefined }, null, 1),
    csv,
  };
}

describe('a submitted application after the tenant file moves on', () => {
  let ada: Applicant;
  let before: Awaited<ReturnType<typeof whatEveryoneReads>>;
  let after: typeof before;

  beforeAll(async () => {
    first = await startTestApp(STAFF_ENV);
    const staff = await loggedInClient(first, STAFF_EMAIL);
    ada = await submittedApplicant(first, 'kept.ada@example.edu', { first_name: 'Ada', last_name: 'Lovelace' });
    await expectOk(await staff.put(`/api/staff/applications/${ada.userId}/decision`, { code: 'admit' }));
    await expectOk(await staff.post('/api/staff/decisions/release', { application_ids: [ada.userId] }));
    await expectOk(await ada.client.post('/api/decision/response', { response: 'accept' }));
    // Her application fee and deposit (issue 43) are paid: nothing of hers is missing.
    await paidFee(first, ada.userId);
    await paidFee(first, ada.userId, { purpose: 'deposit', amount: 25000 });
    before = await whatEveryoneReads(ada.client, staff, ada.userId);

    await first.stop();
    second = await startTestApp({ ...STAFF_ENV, TENANT_CONFIG: nextTenantFile }, { restartOf: first });
    first = undefined;
    after = await whatEveryoneReads(sameBrowser(second, ada.client), sameBrowser(second, staff), ada.userId);
  });

  it('read, before the restart, the program and term she chose, in words', () => {
    expect(before.letter).toContain('Fall 2027');
    expect(before.decision).toContain('Fall 2027');
    expect(before.copy).toContain('Fall 2027');
    expect(before.detail).toContain('"entry_term_label": "Fall 2027"');
    expect(before.csv).toContain('Fall 2027');
    expect(before.checklist).not.toContain('"missing"');
  });

  it.each(['checklist', 'decision', 'letter', 'copy', 'myDataAnswers', 'myDataCopy', 'detail', 'csv'] as const)(
    'reads the same %s after the restart',
    (output) => {
      expect(after[output]).toBe(before[output]);
    },
  );
});

describe('an application submitted before applications kept their basis (migration 110)', () => {
  it('is given the programs and terms of the next start, and the office its labels', async () => {
    const t = await startTestApp(STAFF_ENV);
    let restarted: TestApp | undefined;
    try {
      const bea = await submittedApplicant(t, 'kept.bea@example.edu', { first_name: 'Bea' });
      // The list call brings the office's index up to date, as the console would.
      await expectOk(await (await loggedInClient(t, STAFF_EMAIL)).get('/api/staff/applications'));
      await t.db.query('UPDATE applications SET kept_basis = NULL WHERE user_id = $1', [bea.userId]);
      await t.db.query(
        'UPDATE staff_application_index SET kept_program_label = NULL, kept_term_label = NULL WHERE user_id = $1',
        [bea.userId],
      );
      await t.stop();
      restarted = await startTestApp(STAFF_ENV, { restartOf: t });
      const { rows } = await restarted.db.query<{ kept_basis: { terms: { id: string }[] }; label: string | null }>(
        `SELECT a.kept_basis, i.kept_term_label AS label FROM applications a
         JOIN staff_application_index i ON i.user_id = a.user_id WHERE a.user_id = $1`,
        [bea.userId],
      );
      expect(rows[0]?.kept_basis.terms.map((term) => term.id)).toContain('2027FA');
      expect(rows[0]?.label).toBe('Fall 2027');
    } finally {
      await (restarted ?? t).close();
    }
  });
});
