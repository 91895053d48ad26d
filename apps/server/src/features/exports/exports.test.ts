import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { STAFF_ROLES, type ExportRun, type ExportsResponse } from '@admissions/domain';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, SAMPLE_TENANT_CONFIG } from '../../config';
import { createFormContext } from '../../core/form-context';
import { HOUR, MINUTE } from '../../infra/time-units';
import { anotherSession, loggedInClient } from '../../test-support/application-helpers';
import { expectRoleOutcome, expectStaffOnly, type MatrixCall } from '../../test-support/role-matrix';
import { startTestSshd, type TestSshd } from '../../test-support/sshd';
import { STAFF_EMAIL, STAFF_ENV, submittedApplicant, type Applicant } from '../../test-support/staff-helpers';
import { expectOk, startTestApp, type TestApp, type TestClient } from '../../test-support/test-app';
import { runExportsPass } from './run-export';

/**
 * Scheduled exports (issue 45) against a real OpenSSH server (test-support/sshd.ts) and an S3 stand-in (s3rver,
 * as the documents' S3 tests use): the day's run at its time in the institution's zone, once however many passes
 * try, the released decisions only, a pinned host key, retries, a run now, and the console's view of the runs.
 */
let t: TestApp;
let sshd: TestSshd;
let s3: S3rver;
let s3Endpoint: string;
let dir: string;
let staff: TestClient;
const savedAws = { id: process.env.AWS_ACCESS_KEY_ID, secret: process.env.AWS_SECRET_ACCESS_KEY };

const SFTP_EXPORT = 'admitted-daily';
const S3_EXPORT = 'admitted-s3';
const COLUMNS = ['external_ids.banner', 'first_name', 'last_name', 'email', 'program', 'term', 'decision', 'response'];

/**
 * The sample tenant with two exports: the accepted admits at 06:00 Chicago time to the SFTP server, and every
 * released admit at 23:00 to the S3 bucket.
 */
async function tenantFile(sftp: TestSshd): Promise<string> {
  const tenant = JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as Record<string, unknown>;
  const filter = { decision: 'admit', response: 'accept' };
  tenant.exports = [
    {
      name: SFTP_EXPORT,
      at: '06:00',
      filter,
      columns: COLUMNS,
      map: { term: { '2027FA': '202710' } },
      destination: `sftp://${sftp.user}@127.0.0.1:${sftp.port}${sftp.uploadDir}`,
    },
    // Every released admit, answered or not: still never a draft, nor one waiting for its release.
    {
      name: S3_EXPORT,
      at: '23:00',
      filter: { decision: 'admit' },
      columns: ['email', 'decision', 'response'],
      destination: 's3://exports/daily/',
    },
  ];
  const file = path.join(dir, 'tenant.json');
  await writeFile(file, JSON.stringify(tenant));
  return file;
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'ap-exports-'));
  sshd = await startTestSshd();
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(dir, 's3'),
    configureBuckets: [{ name: 'documents' }, { name: 'exports' }],
  });
  s3Endpoint = `http://127.0.0.1:${(await s3.run()).port}`;
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  t = await startTestApp({
    ...STAFF_ENV,
    TENANT_CONFIG: await tenantFile(sshd),
    EXPORT_SFTP_KEY_FILE: sshd.clientKeyFile,
    EXPORT_SFTP_HOST_KEY: sshd.hostKeyLine,
    S3_BUCKET: 'documents',
    S3_ENDPOINT: s3Endpoint,
    S3_FORCE_PATH_STYLE: 'true',
  });
  staff = await loggedInClient(t, STAFF_EMAIL);
});

afterAll(async () => {
  await t?.close();
  await sshd?.stop();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
  for (const [key, value] of [
    ['AWS_ACCESS_KEY_ID', savedAws.id],
    ['AWS_SECRET_ACCESS_KEY', savedAws.secret],
  ] as const)
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
});

const pass = () => runExportsPass(t.deps, createFormContext(t.deps.config.tenant), { info: () => {}, warn: () => {} });
const uploaded = async () => (await readdir(sshd.uploadDir)).sort();
const fileOf = (date: string) => readFile(path.join(sshd.uploadDir, `${SFTP_EXPORT}-${date}.csv`), 'utf8');
const exportsNow = async (client = staff) =>
  (await expectOk(await client.get('/api/staff/exports'))).json<ExportsResponse>();
const runsOf = async (name: string) => (await exportsNow()).exports.find((e) => e.name === name)!.runs;
const setHostKey = (line: string) => {
  (t.deps.config.integrations as { exportSftpHostKey: string | undefined }).exportSftpHostKey = line;
};

/** Waits (real time: the run is the exports job's) until the run has left `running`. */
async function settled(name: string, id: string): Promise<ExportRun> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const run = (await runsOf(name)).find((r) => r.id === id);
    if (run && run.state !== 'running') return run;
    if (Date.now() > deadline) throw new Error(`run ${id} still running`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

let n = 0;
const applicant = (names: Record<string, string> = {}) =>
  submittedApplicant(t, `export-${++n}@example.edu`, { first_name: `Ada${n}`, ...names });

describe('a scheduled export over SFTP', () => {
  let accepted: Applicant;

  it('runs at its time in the institution’s zone, once, with the released and accepted admits only', async () => {
    // An admit released and accepted; one released and not yet answered; a draft admit; an admit waiting for its
    // scheduled release. Only the first is "admit, accept".
    accepted = await applicant({ last_name: '=HYPERLINK("http://evil.test","x")' });
    const unanswered = await applicant();
    const draft = await applicant();
    const scheduled = await applicant();
    for (const a of [accepted, unanswered, draft, scheduled])
      await expectOk(await staff.put(`/api/staff/applications/${a.userId}/decision`, { code: 'admit' }));
    const ids = (list: Applicant[]) => ({ application_ids: list.map((a) => a.userId) });
    await expectOk(await staff.post('/api/staff/decisions/release', ids([accepted, unanswered])));
    const later = new Date(t.clock.now().getTime() + 30 * 24 * HOUR).toISOString();
    await expectOk(await staff.post('/api/staff/decisions/release', { ...ids([scheduled]), at: later }));
    await expectOk(await accepted.client.post('/api/decision/response', { response: 'accept' }));
    await t.db.query(
      `INSERT INTO application_external_ids (application_id, system, external_id, set_at, set_by)
       VALUES ($1, 'banner', 'A00012345', $2, 'api-token:banner')`,
      [accepted.userId, t.clock.now()],
    );
    void draft;

    // 09:00 UTC is 03:00 in Chicago: before 06:00, nothing runs.
    expect(await pass()).toEqual({ started: 0, retried: 0 });
    expect(await uploaded()).toEqual([]);
    const [before] = (await exportsNow()).exports;
    expect(before).toMatchObject({ name: SFTP_EXPORT, at: '06:00', columns: COLUMNS, runs: [] });
    expect(before!.next_run_at).toBe('2026-11-02T12:00:00.000Z');

    // 06:00 in Chicago: two processes' passes at once make one run and one file.
    t.clock.advance(3 * HOUR);
    const passes = await Promise.all([pass(), pass()]);
    expect(passes.map((p) => p.started).sort()).toEqual([0, 1]);
    expect(await pass()).toEqual({ started: 0, retried: 0 });
    expect(await uploaded()).toEqual([`${SFTP_EXPORT}-2026-11-02.csv`]);
    expect(await fileOf('2026-11-02')).toBe(
      'external_ids.banner,first_name,last_name,email,program,term,decision,response\r\n' +
        `A00012345,Ada1,"'=HYPERLINK(""http://evil.test"",""x"")",${accepted.email},MAE,202710,admit,accept\r\n`,
    );
    staff = await anotherSession(t, STAFF_EMAIL);
    const [after] = (await exportsNow()).exports;
    expect(after!.runs).toEqual([
      expect.objectContaining({
        date: '2026-11-02',
        state: 'succeeded',
        file_name: `${SFTP_EXPORT}-2026-11-02.csv`,
        rows: 1,
        attempts: 1,
        error: null,
        started_by: 'schedule',
      }),
    ]);
    expect(after!.next_run_at).toBe('2026-11-03T12:00:00.000Z');
    const audited = await t.db.query(`SELECT 1 FROM staff_audit_log WHERE action = 'view-exports'`);
    expect(audited.rows.length).toBeGreaterThan(0);
  });

  it('refuses a server whose host key is not the pinned one: the run fails, is shown, and is tried again', async () => {
    setHostKey(sshd.otherHostKeyLine);
    t.clock.advance(24 * HOUR); // 06:00 in Chicago the next day
    expect(await pass()).toEqual({ started: 1, retried: 0 });
    staff = await anotherSession(t, STAFF_EMAIL);
    const [failed] = await runsOf(SFTP_EXPORT);
    expect(failed).toMatchObject({ date: '2026-11-03', state: 'failed', attempts: 1, rows: null });
    expect(failed!.error).toMatch(/host key \(SHA256:.+\) is not the one pinned in EXPORT_SFTP_HOST_KEY .*refused/);
    expect(failed!.next_attempt_at).toBe('2026-11-03T12:05:00.000Z');
    expect(await uploaded()).toEqual([`${SFTP_EXPORT}-2026-11-02.csv`]);

    // Not before its back-off; after it, with the right key, the second try writes the file.
    expect(await pass()).toEqual({ started: 0, retried: 0 });
    setHostKey(sshd.hostKeyLine);
    t.clock.advance(5 * MINUTE);
    expect(await pass()).toEqual({ started: 0, retried: 1 });
    expect(await uploaded()).toEqual([`${SFTP_EXPORT}-2026-11-02.csv`, `${SFTP_EXPORT}-2026-11-03.csv`]);
    const [retried] = await runsOf(SFTP_EXPORT);
    expect(retried).toMatchObject({ id: failed!.id, state: 'succeeded', attempts: 2, rows: 1, error: null });
  });

  it('gives up after the last try, and says so', async () => {
    setHostKey(sshd.otherHostKeyLine);
    t.clock.advance(24 * HOUR);
    await pass();
    for (const wait of [5 * MINUTE, 30 * MINUTE, 2 * HOUR]) {
      t.clock.advance(wait);
      expect(await pass()).toEqual({ started: 0, retried: 1 });
    }
    t.clock.advance(10 * HOUR);
    expect(await pass()).toEqual({ started: 0, retried: 0 });
    setHostKey(sshd.hostKeyLine);
    staff = await anotherSession(t, STAFF_EMAIL);
    expect((await runsOf(SFTP_EXPORT))[0]).toMatchObject({ state: 'failed', attempts: 4, next_attempt_at: null });
  });
});

describe('a run now', () => {
  it('writes the file to an s3:// destination through the S3 client the documents use', async () => {
    staff = await anotherSession(t, STAFF_EMAIL);
    const res = await staff.post(`/api/staff/exports/${S3_EXPORT}/run`);
    expect(res.statusCode, res.body).toBe(202);
    const started = res.json<ExportRun>();
    expect(started).toMatchObject({ state: 'running', started_by: STAFF_EMAIL, attempts: 1 });
    const run = await settled(S3_EXPORT, started.id);
    expect(run).toMatchObject({ state: 'succeeded', rows: 2, error: null });
    const client = new S3Client({ region: 'us-east-1', endpoint: s3Endpoint, forcePathStyle: true });
    const object = await client.send(new GetObjectCommand({ Bucket: 'exports', Key: `daily/${run.file_name}` }));
    // The accepted admit and the one not yet answered; not the draft (export-3) nor the scheduled one (export-4).
    expect(await object.Body!.transformToString()).toBe(
      'email,decision,response\r\nexport-1@example.edu,admit,accept\r\nexport-2@example.edu,admit,\r\n',
    );
    client.destroy();
    const audited = await t.db.query(
      `SELECT detail FROM staff_audit_log WHERE action = 'export-run' AND staff_email = $1`,
      [STAFF_EMAIL],
    );
    expect(audited.rows).toEqual([{ detail: { name: S3_EXPORT, run_id: started.id } }]);
  });

  it('is 409 EXPORT_RUNNING while a run of the export is under way, and 404 EXPORT_UNKNOWN for no export', async () => {
    const now = t.clock.now();
    await t.db.query(
      `INSERT INTO export_runs (id, export_name, run_date, trigger, started_by, state, file_name, started_at,
         attempt_started_at) VALUES (gen_random_uuid(), $1, '2026-11-04', 'manual', 'someone', 'running', 'x', $2, $2)`,
      [SFTP_EXPORT, now],
    );
    const busy = await staff.post(`/api/staff/exports/${SFTP_EXPORT}/run`);
    expect([busy.statusCode, busy.json<{ code: string }>().code]).toEqual([409, 'EXPORT_RUNNING']);
    await t.db.query(`DELETE FROM export_runs WHERE state = 'running'`);
    const unknown = await staff.post('/api/staff/exports/no-such-export/run');
    expect([unknown.statusCode, unknown.json<{ code: string }>().code]).toEqual([404, 'EXPORT_UNKNOWN']);
  });
});

describe('who may see and run exports', () => {
  const calls: MatrixCall[] = [
    { name: 'GET /api/staff/exports', status: 200, run: (c) => c.get('/api/staff/exports') },
    {
      name: 'POST /api/staff/exports/{name}/run',
      status: 202,
      run: (c) => c.post(`/api/staff/exports/${S3_EXPORT}/run`),
    },
  ];
  for (const role of STAFF_ROLES)
    it.each(calls)(`${role}: $name`, (call) =>
      expectRoleOutcome(t, role, call, { allowed: role === 'admin', right: 'manage_team' }),
    );

  it('answers an applicant 403 and no session 401', async () => {
    const someone = await loggedInClient(t, 'not-staff@example.edu');
    await expectStaffOnly(t, staff, someone, calls[0]!);
    // The runs the matrix started have finished before the app closes.
    for (const run of await runsOf(S3_EXPORT)) await settled(S3_EXPORT, run.id);
  });
});

describe('the tenant file', () => {
  it('never sends the exports to the browser', async () => {
    const res = await expectOk(await t.client().get('/public/tenant'));
    expect(res.json()).toHaveProperty('programs');
    expect(res.json()).not.toHaveProperty('exports');
    expect(res.body).not.toContain('sftp://');
    expect(res.body).not.toContain(SFTP_EXPORT);
  });

  it('stops the start with a clear message when an export is wrong', async () => {
    const tenant = JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as Record<string, unknown>;
    tenant.exports = [
      {
        name: 'Bad Name',
        at: '25:00',
        filter: { decision: 'admitted', response: 'accept' },
        columns: ['email', 'shoe_size'],
        map: { term: { a: 'b' } },
        destination: 'ftp://example.edu/',
      },
    ];
    const file = path.join(dir, 'bad-tenant.json');
    await writeFile(file, JSON.stringify(tenant));
    expect(() => loadConfig({ TENANT_CONFIG: file })).toThrow(
      new RegExp(
        ['exports.0.name: must be lower-case letters, digits and -', 'exports.0.at: must be a time of day, HH:MM'].join(
          '\n  ',
        ),
      ),
    );
    let message = '';
    try {
      loadConfig({ TENANT_CONFIG: file });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('exports.0.columns.1: shoe_size is not a column');
    expect(message).toContain('exports.0.map.term: term is not one of the columns');
    expect(message).toContain('exports.0.destination: must be sftp://user@host:port/path/ or s3://bucket/prefix/');
  });
});
