import { describe, expect, it } from 'vitest';
import { SAMPLE_TENANT } from '../../../../test/tenants';
import { tenantConfigSchema } from './tenant-config';
import { parseExportDestination } from './tenant-exports';

const EXPORT = {
  name: 'admitted-daily',
  at: '02:30',
  filter: { decision: 'admit', response: 'accept' },
  columns: ['external_ids.banner', 'first_name', 'last_name', 'email', 'program', 'term'],
  map: { term: { '2027FA': '202710' } },
  destination: 'sftp://export@127.0.0.1:2222/incoming/',
};

/** The reasons a tenant file with these exports is refused, as the server prints them at boot. */
function problemsOf(exports: unknown): string[] {
  const parsed = tenantConfigSchema.safeParse({ ...JSON.parse(JSON.stringify(SAMPLE_TENANT)), exports });
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

describe('the exports of a tenant file are checked at boot', () => {
  it('accepts the issue’s example and an s3:// destination', () => {
    expect(problemsOf([EXPORT, { ...EXPORT, name: 'to-s3', destination: 's3://campus-exports/admissions/' }])).toEqual(
      [],
    );
  });

  it('refuses an unknown column, a map of a column not exported, a bad time and a bad name', () => {
    expect(
      problemsOf([{ ...EXPORT, name: 'Daily!', at: '2:30', columns: ['email', 'gpa'], map: { term: { a: 'b' } } }]),
    ).toEqual([
      'exports.0.name: must be lower-case letters, digits and -',
      'exports.0.at: must be a time of day, HH:MM',
      'exports.0.columns.1: gpa is not a column (application_id, first_name, last_name, preferred_name, email, program, program_label, term, term_label, cycle, web_status, submitted_at, complete, decision, decision_label, released_at, response, response_at, external_ids.<system>)',
      'exports.0.map.term: term is not one of the columns',
    ]);
  });

  it('refuses a decision, program or term the tenant does not know, and a name used twice', () => {
    expect(
      problemsOf([{ ...EXPORT, filter: { decision: 'admited', program: ['MAE', 'XYZ'], term: '2040FA' } }]),
    ).toEqual([
      'exports.0.filter.decision: admited is not a decision code',
      'exports.0.filter.program: XYZ is not a program',
      'exports.0.filter.term: 2040FA is not a term',
    ]);
    expect(problemsOf([EXPORT, EXPORT])).toEqual(['exports: export names must be unique']);
  });

  it('refuses a filter the list does not have, and a response that is not one', () => {
    expect(problemsOf([{ ...EXPORT, filter: { decision_state: 'provisional' } }])).toEqual([
      'exports.0.filter: Unrecognized key: "decision_state"',
    ]);
    expect(problemsOf([{ ...EXPORT, filter: { response: 'maybe' } }])[0]).toMatch(/^exports\.0\.filter\.response/);
  });
});

describe('an export’s destination', () => {
  it('reads sftp:// with its user, host, port (22 by default) and directory, and s3:// with its bucket and prefix', () => {
    expect(parseExportDestination('sftp://export@sftp.college.edu:2222/incoming/')).toEqual({
      kind: 'sftp',
      user: 'export',
      host: 'sftp.college.edu',
      port: 2222,
      dir: '/incoming/',
    });
    expect(parseExportDestination('sftp://export@[::1]/')).toMatchObject({ host: '::1', port: 22, dir: '/' });
    expect(parseExportDestination('s3://campus-exports/admissions/daily/')).toEqual({
      kind: 's3',
      bucket: 'campus-exports',
      prefix: 'admissions/daily/',
    });
    expect(parseExportDestination('s3://campus-exports')).toEqual({ kind: 's3', bucket: 'campus-exports', prefix: '' });
  });

  it.each([
    ['ftp://export@host/in/', 'must be sftp://user@host:port/path/ or s3://bucket/prefix/'],
    ['sftp://host/in/', 'must be sftp://user@host:port/path/ (the user, the host, then the folder)'],
    ['sftp://export@host:70000/in/', 'must name a port from 1 to 65535'],
    ['sftp://export:secret@host/in/', 'must not hold a password (the key is EXPORT_SFTP_KEY_FILE)'],
    ['sftp://export@host/in', 'must end with a directory: sftp://user@host:port/path/'],
    ['sftp://export@host/in/../etc/', 'must end with a directory: sftp://user@host:port/path/'],
    ['s3://Bad_Bucket/x/', 'must name a bucket: s3://bucket/prefix/'],
    ['s3://bucket/no-slash', 'must end with a folder of letters, digits, ., _ and -: s3://bucket/prefix/'],
    ['sftp://export@host/in/?x=1', 'must have no query, fragment or space'],
  ])('refuses %s', (destination, message) => {
    expect(parseExportDestination(destination)).toBe(message);
  });
});
