import { describe, expect, it } from 'vitest';
import { tenantConfigSchema } from './tenant-config';
import { LAKESIDE_TENANT, SAMPLE_TENANT } from '../../../../test/tenants';
import { deadlineOf, submissionTiming } from '../programs/deadlines';
import { programCodesWith, programOptions, termOptions } from '../programs/program-options';

/** The reasons a tenant file is refused, as the server prints them at boot. */
function problemsOf(change: (tenant: Record<string, unknown>) => void): string[] {
  const tenant = JSON.parse(JSON.stringify(SAMPLE_TENANT)) as Record<string, unknown>;
  change(tenant);
  const parsed = tenantConfigSchema.safeParse(tenant);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
}

type Program = { code: string; terms: string[]; deadline: string };
const programs = (tenant: Record<string, unknown>) => tenant.programs as Program[];

describe('the sample tenant reproduces SPEC section 9', () => {
  it('offers the eight programs with their rules, and six terms', () => {
    expect(programOptions(SAMPLE_TENANT).map((o) => o.value)).toEqual([
      '',
      'BMAS',
      'BMN',
      'GSCMC',
      'GSCUP',
      'MAAS',
      'MAE',
      'MAPP',
      'MAPS',
    ]);
    expect(programCodesWith(SAMPLE_TENANT, 'requires_recommenders')).toEqual([
      'BMN',
      'GSCMC',
      'MAAS',
      'MAE',
      'MAPP',
      'MAPS',
    ]);
    expect(programCodesWith(SAMPLE_TENANT, 'requires_research_upload')).toEqual(['BMAS', 'BMN']);
    expect(programCodesWith(SAMPLE_TENANT, 'certificate')).toEqual(['GSCMC', 'GSCUP']);
    expect(
      termOptions(SAMPLE_TENANT)
        .slice(1)
        .map((o) => o.label),
    ).toEqual(['Spring 2027', 'Summer 2027', 'Fall 2027', 'Spring 2028', 'Summer 2028', 'Fall 2028']);
  });
});

describe('a tenant file is checked at boot', () => {
  it('accepts the sample and the second tenant', () => {
    expect(problemsOf(() => {})).toEqual([]);
    expect(tenantConfigSchema.safeParse(LAKESIDE_TENANT).success).toBe(true);
  });

  it('refuses a program that names an unknown term', () => {
    expect(problemsOf((t) => programs(t)[1]!.terms.push('2031FA'))).toEqual([
      'programs.1.terms: BMN names the term 2031FA, which is not one of the terms (2027SP, 2027SU, 2027FA, 2028SP, 2028SU, 2028FA)',
    ]);
  });

  it('refuses a duplicate program code and a duplicate term id', () => {
    expect(
      problemsOf((t) => {
        programs(t)[2]!.code = 'BMN';
        (t.terms as { id: string }[])[1]!.id = '2027SP';
      }),
    ).toEqual(
      expect.arrayContaining([
        'programs: the program code BMN is used more than once',
        'terms: the term id 2027SP is used more than once',
      ]),
    );
  });

  it('refuses a deadline in the spring daylight-saving gap of the institution’s zone', () => {
    expect(problemsOf((t) => (programs(t)[0]!.deadline = '2027-03-14T02:30'))).toEqual([
      'programs.0.deadline: the deadline of BMAS, 2027-03-14T02:30 is not a valid local time in America/Chicago (a daylight-saving gap, or no such date)',
    ]);
  });

  it('refuses a deadline before the cycle opens, and a cycle that closes before it opens', () => {
    expect(problemsOf((t) => (programs(t)[0]!.deadline = '2026-07-31T23:59'))).toEqual([
      'programs.0.deadline: the deadline of BMAS (2026-07-31T23:59) is before the cycle opens (2026-08-01T00:00)',
    ]);
    expect(
      problemsOf((t) => ((t.cycle as { closes: string }).closes = '2026-07-01T00:00')).some((p) =>
        p.startsWith('cycle.closes: the cycle closes (2026-07-01T00:00) before it opens'),
      ),
    ).toBe(true);
  });

  it('refuses a priority-deadline banner whose times are not local times in the zone, or run backwards', () => {
    type Banner = { shows_from: string; until: string };
    expect(problemsOf(() => {})).toEqual([]);
    expect(
      problemsOf((t) => {
        (t.priority_deadline as Banner).shows_from = '2027-03-14T02:30';
      }),
    ).toEqual(['priority_deadline.shows_from: 2027-03-14T02:30 is not a valid local time in America/Chicago']);
    expect(
      problemsOf((t) => {
        (t.priority_deadline as Banner).until = '2026-09-30T23:59';
      }),
    ).toEqual(['priority_deadline.until: must come after shows_from']);
  });

  it('refuses a deadline that is not a local date and time', () => {
    expect(problemsOf((t) => (programs(t)[0]!.deadline = '15 January 2027'))).toEqual([
      'programs.0.deadline: must be a local date and time such as 2027-01-15T23:59',
    ]);
  });
});

describe('deadlines are instants', () => {
  const bmn = deadlineOf(SAMPLE_TENANT, 'BMN')!;

  it('reads 23:59 in Chicago as that minute, with its grace after it', () => {
    expect(bmn.deadline.toISOString()).toBe('2027-01-16T05:59:00.000Z');
    expect(bmn.graceMinutes).toBe(60);
    expect(bmn.acceptedUntil.toISOString()).toBe('2027-01-16T07:00:00.000Z');
    expect(deadlineOf(SAMPLE_TENANT, 'NOPE')).toBeUndefined();
  });

  it('judges 23:59:59 on time, midnight late, and the end of the grace closed', () => {
    expect(submissionTiming(bmn, new Date('2027-01-16T05:59:59.999Z'))).toBe('on-time');
    expect(submissionTiming(bmn, new Date('2027-01-16T06:00:00.000Z'))).toBe('late');
    expect(submissionTiming(bmn, new Date('2027-01-16T06:59:59.999Z'))).toBe('late');
    expect(submissionTiming(bmn, new Date('2027-01-16T07:00:00.000Z'))).toBe('closed');
  });

  it('reads the second tenant’s deadline in its own zone (London, summer time)', () => {
    const msds = deadlineOf(LAKESIDE_TENANT, 'MSDS')!;
    expect(msds.deadline.toISOString()).toBe('2027-06-30T16:00:00.000Z');
    expect(msds.acceptedUntil.toISOString()).toBe('2027-06-30T16:16:00.000Z');
  });
});
