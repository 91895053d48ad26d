import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SAMPLE_TENANT_CONFIG } from './config';

describe('loadConfig', () => {
  it('needs nothing: embedded defaults for a newcomer', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.publicUrl.toString()).toBe('http://localhost:3000/');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.tenant.partnerName).toBe('Brightwater College');
    expect(config.retention).toEqual({ unsubmittedMonths: 18, closedCycleMonths: 24 });
  });

  it('reads LOOKUP_DATA_DIR as an absolute path, and leaves it unset (manual school entry) by default', () => {
    expect(loadConfig({}).lookupDataDir).toBeUndefined();
    expect(loadConfig({ LOOKUP_DATA_DIR: '' }).lookupDataDir).toBeUndefined();
    expect(loadConfig({ LOOKUP_DATA_DIR: '../shared/data/lookups' }).lookupDataDir).toBe(
      path.resolve('../shared/data/lookups'),
    );
  });

  it('reads where bounces go and who may hand them in; both unset by default', () => {
    expect(loadConfig({}).bounces).toEqual({ address: undefined, token: undefined });
    const env = { BOUNCE_ADDRESS: 'bounces@portal.example.edu', BOUNCE_TOKEN: 'a-long-enough-bounce-token' };
    expect(loadConfig(env).bounces).toEqual({
      address: 'bounces@portal.example.edu',
      token: 'a-long-enough-bounce-token',
    });
  });

  it('reads the staff OpenID provider: https://, or http:// only on loopback, and all three parts together', () => {
    const client = { STAFF_OIDC_CLIENT_ID: 'portal', STAFF_OIDC_CLIENT_SECRET: 'secret' };
    const oidc = loadConfig({ ...client, STAFF_OIDC_ISSUER: 'https://login.college.test' }).staffAuth.oidc;
    expect(oidc).toMatchObject({ clientId: 'portal', label: 'the campus account', claim: 'email' });
    expect(oidc?.issuer.href).toBe('https://login.college.test/');
    expect(loadConfig({ ...client, STAFF_OIDC_ISSUER: 'http://127.0.0.1:4000' }).staffAuth.oidc).not.toBeNull();
    expect(() => loadConfig({ ...client, STAFF_OIDC_ISSUER: 'http://login.college.test' })).toThrow(/must be https/);
    expect(() => loadConfig({ STAFF_OIDC_ISSUER: 'https://login.college.test' })).toThrow(/go together/);
    expect(loadConfig({}).staffAuth.oidc).toBeNull();
  });

  it('builds the default PUBLIC_URL from PORT, and treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '8080', DATABASE_URL: '' }).publicUrl.origin).toBe('http://localhost:8080');
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PUBLIC_URL: 'portal.example.edu' }, /PUBLIC_URL/],
    [{ DATABASE_URL: 'mysql://db/app' }, /DATABASE_URL/],
    [{ SMTP_URL: 'http://mail' }, /SMTP_URL/],
    [{ SECRET_KEY: 'short' }, /SECRET_KEY/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    [{ RETENTION_UNSUBMITTED_MONTHS: '1' }, /RETENTION_UNSUBMITTED_MONTHS/],
    [{ RETENTION_CLOSED_CYCLE_MONTHS: 'two years' }, /RETENTION_CLOSED_CYCLE_MONTHS/],
    [{ BOUNCE_ADDRESS: 'bounces+x@portal.example.edu' }, /BOUNCE_ADDRESS/],
    [{ BOUNCE_ADDRESS: 'admissions-office-bounces@portal.example.edu' }, /BOUNCE_ADDRESS/],
    [{ BOUNCE_TOKEN: 'short' }, /BOUNCE_TOKEN/],
  ])('refuses %j with a message naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('validates TENANT_CONFIG and says what is wrong', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ap-tenant-'));
    const bad = path.join(dir, 'tenant.json');
    await writeFile(bad, JSON.stringify({ partnerName: 'X', shortName: 'has space' }));
    expect(() => loadConfig({ TENANT_CONFIG: bad })).toThrow(/shortName: must be letters and digits/);
    expect(() => loadConfig({ TENANT_CONFIG: bad })).toThrow(/helpEmail/);
    expect(() => loadConfig({ TENANT_CONFIG: path.join(dir, 'missing.json') })).toThrow(/cannot read/);
  });

  it('reads the second tenant file, and refuses a deadline in a daylight-saving gap with its reason (issue 29)', async () => {
    const lakeside = path.join(import.meta.dirname, '..', 'tenant', 'test-tenant-lakeside.json');
    expect(loadConfig({ TENANT_CONFIG: lakeside }).tenant.programs.map((p) => p.code)).toEqual([
      'MSDS',
      'MBA',
      'PGCGIS',
    ]);
    const sample = JSON.parse(await readFile(SAMPLE_TENANT_CONFIG, 'utf8')) as { programs: { deadline: string }[] };
    sample.programs[1]!.deadline = '2027-03-14T02:30';
    const dir = await mkdtemp(path.join(tmpdir(), 'ap-tenant-'));
    const gap = path.join(dir, 'tenant.json');
    await writeFile(gap, JSON.stringify(sample));
    expect(() => loadConfig({ TENANT_CONFIG: gap })).toThrow(
      'programs.1.deadline: the deadline of BMN, 2027-03-14T02:30 is not a valid local time in America/Chicago',
    );
  });
});

describe('the server at boot', () => {
  it('stops with exit code 1 and a clear message on a bad value', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'server.ts')], {
      env: { PATH: process.env.PATH, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('Invalid configuration:');
    expect(result.stderr).toContain('PORT');
    expect(result.stderr).not.toMatch(/at .+\.ts:\d+/); // a message, not a stack trace
  });
});
