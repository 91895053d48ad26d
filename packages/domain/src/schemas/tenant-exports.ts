import { z } from 'zod';
import { EXTERNAL_SYSTEM_PATTERN } from './integrations';

/**
 * Scheduled exports (issue 45, decision 068): files the student-record system picks up, listed in the tenant file.
 * The part of the tenant the browser never gets (GET /public/tenant leaves it out): it names the campus's hosts.
 */

/**
 * The columns an export may carry: the console CSV's fields under their API names, and `external_ids.<system>`
 * (the campus IDs written back through the API). Every value is what the office sees, or the released decision:
 * nothing provisional.
 */
export const EXPORT_COLUMNS = [
  'application_id',
  'first_name',
  'last_name',
  'preferred_name',
  'email',
  'program',
  'program_label',
  'term',
  'term_label',
  'cycle',
  'web_status',
  'submitted_at',
  'complete',
  'decision',
  'decision_label',
  'released_at',
  'response',
  'response_at',
] as const;
export type ExportColumn = (typeof EXPORT_COLUMNS)[number];

export const EXTERNAL_ID_COLUMN_PREFIX = 'external_ids.';

export function isExportColumn(column: string): boolean {
  if (column.startsWith(EXTERNAL_ID_COLUMN_PREFIX))
    return EXTERNAL_SYSTEM_PATTERN.test(column.slice(EXTERNAL_ID_COLUMN_PREFIX.length));
  return (EXPORT_COLUMNS as readonly string[]).includes(column);
}

/** Where a run's file goes. */
export type ExportDestination =
  | { kind: 'sftp'; user: string; host: string; port: number; dir: string }
  | { kind: 's3'; bucket: string; prefix: string };

const S3_BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
/** A key prefix of safe characters only (storage keys are built from these), empty or ending with '/'. */
const S3_PREFIX = /^([A-Za-z0-9][A-Za-z0-9._-]*\/)*$/;
/** sftp://user[:password]@host[:port]/dir/, the host a name or an [IPv6] address. */
const SFTP_URL = /^sftp:\/\/([A-Za-z0-9._-]+)(?::([^@/]*))?@([A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::(\d{1,5}))?(\/.*)$/i;
/** An absolute directory without `.` or `..` parts, ending with '/'. */
const SFTP_DIR = /^\/([A-Za-z0-9_~][A-Za-z0-9._~-]*\/)*$/;

/**
 * `sftp://user@host:port/path/` (the path absolute on the server, a directory) or `s3://bucket/prefix/`; an error
 * message for anything else. No password in the address: the SFTP key is named by EXPORT_SFTP_KEY_FILE.
 */
export function parseExportDestination(destination: string): ExportDestination | string {
  const scheme = /^([a-z0-9]+):\/\//i.exec(destination)?.[1]?.toLowerCase();
  if (/[?#\s]/.test(destination)) return 'must have no query, fragment or space';
  if (scheme === 'sftp') {
    const m = SFTP_URL.exec(destination);
    if (!m) return 'must be sftp://user@host:port/path/ (the user, the host, then the folder)';
    const [, user, password, host, port, dir] = m as unknown as [
      string,
      string,
      string | undefined,
      string,
      string | undefined,
      string,
    ];
    if (password !== undefined) return 'must not hold a password (the key is EXPORT_SFTP_KEY_FILE)';
    const portNumber = port === undefined ? 22 : Number(port);
    if (!(portNumber >= 1 && portNumber <= 65_535)) return 'must name a port from 1 to 65535';
    if (!SFTP_DIR.test(dir)) return 'must end with a directory: sftp://user@host:port/path/';
    return { kind: 'sftp', user, host: host.replace(/^\[(.*)\]$/, '$1'), port: portNumber, dir };
  }
  if (scheme === 's3') {
    const m = /^s3:\/\/([^/]*)(?:\/(.*))?$/i.exec(destination)!;
    const [, bucket, prefix = ''] = m as unknown as [string, string, string?];
    if (!S3_BUCKET.test(bucket)) return 'must name a bucket: s3://bucket/prefix/';
    if (!S3_PREFIX.test(prefix)) return 'must end with a folder of letters, digits, ., _ and -: s3://bucket/prefix/';
    return { kind: 's3', bucket, prefix };
  }
  return 'must be sftp://user@host:port/path/ or s3://bucket/prefix/';
}

const oneOrMany = <T extends z.ZodType>(value: T) => z.union([value, z.array(value).min(1)]);

/**
 * Which applications a run exports, in the console list's words (its query string's names). `decision` and
 * `response` select by the released decision only: a draft, or one scheduled for release, never selects.
 * `response: none` is a released offer not yet answered. Without `cycle`, the open cycle; `all` for every cycle.
 * A withdrawn application is never exported.
 */
const exportFilter = z.strictObject({
  decision: oneOrMany(z.string().min(1)).optional(),
  response: oneOrMany(z.enum(['accept', 'decline', 'none'])).optional(),
  program: oneOrMany(z.string().min(1)).optional(),
  term: oneOrMany(z.string().min(1)).optional(),
  status: oneOrMany(z.enum(['none', 'started', 'validating', 'submitted'])).optional(),
  complete: z.enum(['yes', 'no']).optional(),
  cycle: z.string().min(1).optional(),
});

const exportSchema = z
  .strictObject({
    name: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'must be lower-case letters, digits and -'),
    /** The local time of day in the institution's zone. */
    at: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, HH:MM'),
    filter: exportFilter.default({}),
    columns: z.array(z.string()).min(1).max(100),
    /** Values replaced in a column, e.g. {"term": {"2027FA": "202710"}}. */
    map: z.record(z.string(), z.record(z.string(), z.string())).default({}),
    destination: z.string(),
  })
  .superRefine((e, ctx) => {
    e.columns.forEach((column, i) => {
      if (!isExportColumn(column))
        ctx.addIssue({
          code: 'custom',
          path: ['columns', i],
          message: `${column} is not a column (${EXPORT_COLUMNS.join(', ')}, external_ids.<system>)`,
        });
    });
    if (new Set(e.columns).size !== e.columns.length)
      ctx.addIssue({ code: 'custom', path: ['columns'], message: 'names a column twice' });
    for (const column of Object.keys(e.map))
      if (!e.columns.includes(column))
        ctx.addIssue({ code: 'custom', path: ['map', column], message: `${column} is not one of the columns` });
    const destination = parseExportDestination(e.destination);
    if (typeof destination === 'string') ctx.addIssue({ code: 'custom', path: ['destination'], message: destination });
  });

export const tenantExportsSchema = z.array(exportSchema).superRefine((list, ctx) => {
  const names = list.map((e) => e.name);
  if (new Set(names).size !== names.length)
    ctx.addIssue({ code: 'custom', path: [], message: 'export names must be unique' });
});

export type TenantExport = z.infer<typeof exportSchema>;
export type TenantExportFilter = z.infer<typeof exportFilter>;

/** Codes an export's filter names that the tenant does not know, each with where it is. */
export function exportFilterProblems(
  list: readonly TenantExport[],
  known: { decisions: ReadonlySet<string>; programs: ReadonlySet<string>; terms: ReadonlySet<string> },
): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const values = (v: string | string[] | undefined) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);
  list.forEach((e, i) => {
    for (const [field, set, what] of [
      ['decision', known.decisions, 'a decision code'],
      ['program', known.programs, 'a program'],
      ['term', known.terms, 'a term'],
    ] as const)
      for (const value of values(e.filter[field]))
        if (!set.has(value))
          problems.push({ path: ['exports', i, 'filter', field], message: `${value} is not ${what}` });
  });
  return problems;
}
