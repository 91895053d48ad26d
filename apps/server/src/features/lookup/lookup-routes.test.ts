import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_MESSAGES, LOOKUP_MAX_RESULTS } from '@admissions/domain';
import { SHARED_LOOKUP_DATA_DIR, startTestApp, type TestApp } from '../../test-support/test-app';
import { LOOKUP_CALLS_PER_MINUTE } from './lookup-routes';
import { createLookupService } from './lookup-service';
import { createZipCodeProvider } from './zip-code-provider';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ LOOKUP_DATA_DIR: SHARED_LOOKUP_DATA_DIR });
});
afterAll(async () => {
  await t?.close();
});

let ipSeq = 0;
/** Each test asks from its own address, so the rate-limit test cannot spill over. */
const visitor = () => t.client(`198.51.100.${++ipSeq}`);
const find = (query: string, client = visitor()) => client.get(`/lookup/find?${query}`);

describe('GET /lookup/find?text= (SPEC section 7)', () => {
  it('finds colleges by name, best first, with city and state, for visitors without a session', async () => {
    const res = await find('text=harvard&category=college_ceeb&max_results=5');
    expect(res.statusCode).toBe(200);
    const items = res.json();
    expect(items[0]).toEqual({ id: '166027', text: 'Harvard University', sub_text: 'Cambridge, MA' });
    expect(items.length).toBeLessThanOrEqual(5);

    const stanford = (await find('text=Stanford&category=college_ceeb&max_results=5')).json();
    expect(stanford[0]).toEqual({ id: '243744', text: 'Stanford University', sub_text: 'Stanford, CA' });
  });

  it('finds aliases, ignores accents and punctuation, and takes two-word queries', async () => {
    expect((await find('text=MIT&category=college_ceeb')).json()[0].text).toBe('Massachusetts Institute of Technology');
    expect((await find('text=ucla&category=college_ceeb')).json()[0].text).toBe('University of California-Los Angeles');
    expect((await find(`text=${encodeURIComponent('HÁRVARD!')}&category=college_ceeb`)).json()[0].text).toBe(
      'Harvard University',
    );
    const michigan = (await find('text=univ%20mich&category=college_ceeb')).json() as { text: string }[];
    expect(michigan.map((i) => i.text)).toContain('University of Michigan-Ann Arbor');
  });

  it('finds the schools of a ZIP code, and ranks a main campus before its branches', async () => {
    const cambridge = (await find('text=02138&category=college_ceeb')).json() as { text: string }[];
    expect(cambridge.map((i) => i.text)).toContain('Harvard University');
    expect(cambridge.map((i) => i.text)).not.toContain('Palo Alto University');
    const michigan = (await find('text=univ%20mich&category=college_ceeb')).json() as { text: string }[];
    expect(michigan[0]?.text).toBe('University of Michigan-Ann Arbor');
    const boulder = (await find('text=80302&category=hs_ceeb')).json() as { text: string }[];
    expect(boulder.map((i) => i.text)).toContain('Boulder High School');
  });

  it('finds a high school by its city, with its CEEB code as id', async () => {
    const items = (await find('text=boulder%20high&category=hs_ceeb')).json() as {
      id: string;
      text: string;
      sub_text: string;
    }[];
    const boulderHigh = items.find((i) => i.text === 'Boulder High School');
    expect(boulderHigh).toEqual({ id: '060115', text: 'Boulder High School', sub_text: 'Boulder, CO' });
  });

  it('finds places by ZIP code and by city', async () => {
    expect((await find('text=0213&category=address')).json()).toEqual([
      { id: '02130', text: '02130', sub_text: 'Jamaica Plain, MA' },
      { id: '02131', text: '02131', sub_text: 'Roslindale, MA' },
      { id: '02132', text: '02132', sub_text: 'West Roxbury, MA' },
      { id: '02133', text: '02133', sub_text: 'Boston, MA' },
      { id: '02134', text: '02134', sub_text: 'Allston, MA' },
    ]);
    const cambridge = (await find('text=cambridge%20ma&category=address&max_results=2')).json();
    expect(cambridge).toEqual([
      { id: '02138', text: '02138', sub_text: 'Cambridge, MA' },
      { id: '02139', text: '02139', sub_text: 'Cambridge, MA' },
    ]);
  });

  it('returns at most max_results, never more than 5, and an empty list when nothing matches', async () => {
    expect((await find('text=univ&category=college_ceeb&max_results=2')).json()).toHaveLength(2);
    expect((await find('text=univ&category=college_ceeb')).json()).toHaveLength(LOOKUP_MAX_RESULTS);
    expect((await find('text=univ&category=college_ceeb&max_results=50')).json()).toHaveLength(LOOKUP_MAX_RESULTS);
    const none = await find('text=qqqxqqq&category=college_ceeb');
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);
  });

  it('refuses an unknown category with its own code, and bad parameters with BAD_REQUEST', async () => {
    const unknown = await find('text=harvard&category=planets');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({
      code: 'LOOKUP_CATEGORY_UNKNOWN',
      message: ERROR_MESSAGES.LOOKUP_CATEGORY_UNKNOWN,
    });
    expect((await find('text=harvard')).json().code).toBe('LOOKUP_CATEGORY_UNKNOWN');

    for (const query of [
      'category=college_ceeb',
      'text=&category=college_ceeb',
      'text=%20%20&category=college_ceeb',
      `text=${'a'.repeat(101)}&category=college_ceeb`,
      'text=harvard&category=college_ceeb&max_results=0',
      'text=harvard&category=college_ceeb&max_results=two',
      'text=harvard&category=college_ceeb&max_results=2.5',
      'text=a&text=b&category=college_ceeb',
      'text=harvard&category=college_ceeb&sort=name',
      'text=harvard&id=166027&category=college_ceeb',
    ]) {
      const res = await find(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('BAD_REQUEST');
    }
  });
});

describe('GET /lookup/find?id= (SPEC section 7)', () => {
  it('returns a college with every part of a school block, country as the form stores it', async () => {
    const res = await find('id=166027&category=college_ceeb');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      id: '166027',
      name: 'Harvard University',
      address_line_1: 'Massachusetts Hall',
      city: 'Cambridge',
      state: 'MA',
      zip: '02138',
      country: 'USA',
      ceeb: '3442',
    });
  });

  it('returns a high school by CEEB code, without a street, and a place by ZIP code', async () => {
    const [first] = (await find('text=boulder%20high&category=hs_ceeb')).json() as { id: string }[];
    const school = (await find(`id=${first!.id}&category=hs_ceeb`)).json();
    expect(school).toMatchObject({ id: first!.id, ceeb: first!.id, address_line_1: '', country: 'USA', state: 'CO' });
    expect(school.name).toMatch(/boulder/i);

    expect((await find('id=02139&category=address')).json()).toEqual({
      id: '02139',
      city: 'Cambridge',
      state: 'MA',
      zip: '02139',
      country: 'USA',
    });
  });

  it('refuses an unknown id with LOOKUP_ID_UNKNOWN, and a malformed id or category cleanly', async () => {
    const unknown = await find('id=999999999&category=college_ceeb');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'LOOKUP_ID_UNKNOWN', message: ERROR_MESSAGES.LOOKUP_ID_UNKNOWN });
    // An id of one category is not one of another.
    expect((await find('id=166027&category=address')).statusCode).toBe(404);

    for (const query of [
      'id=&category=college_ceeb',
      'id=abc&category=college_ceeb',
      `id=${'1'.repeat(21)}&category=address`,
    ]) {
      const res = await find(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().code, query).toBe('BAD_REQUEST');
    }
    expect((await find('id=166027&category=colleges')).json().code).toBe('LOOKUP_CATEGORY_UNKNOWN');
  });
});

describe('lookup rate limit', () => {
  it(`refuses call ${LOOKUP_CALLS_PER_MINUTE + 1} within a minute from one IP, with Retry-After; others go on`, async () => {
    // Start of a fresh minute, 10 seconds in.
    const now = t.clock.now().getTime();
    t.clock.advance(60_000 - (now % 60_000) + 10_000);
    const flooder = t.client('192.0.2.77');
    for (let i = 0; i < LOOKUP_CALLS_PER_MINUTE; i++) {
      const res = await flooder.get(
        i % 2 ? '/lookup/find?text=ha&category=college_ceeb' : '/lookup/find?id=02139&category=address',
      );
      if (res.statusCode !== 200) throw new Error(`call ${i + 1} answered ${res.statusCode}`);
    }
    const refused = await flooder.get('/lookup/find?text=ha&category=college_ceeb');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED });
    expect(refused.headers['retry-after']).toBe('50');
    expect((await find('text=ha&category=college_ceeb')).statusCode).toBe(200);

    t.clock.advance(50_000);
    expect((await flooder.get('/lookup/find?text=ha&category=college_ceeb')).statusCode).toBe(200);
  });
});

describe('without school data', () => {
  it('says each problem in one clear log line as it reads them, offers no schools, and still completes addresses', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ap-lookups-'));
    try {
      await writeFile(path.join(dir, 'colleges.csv'), 'unitid,name\n1,"unclosed\n');
      await writeFile(path.join(dir, 'other.csv'), 'a,b\n1,2\n');
      const lines: string[] = [];
      const log = { info: () => {}, warn: (m: string) => lines.push(m) };
      const broken = createLookupService(dir, log, createZipCodeProvider());
      // Nothing is read before the server has started (server.ts warms it after listen) or a lookup asks.
      expect(lines).toEqual([]);
      expect(await broken.warm()).toEqual({ entries: { college_ceeb: 0, hs_ceeb: 0 }, buildMs: expect.any(Number) });
      expect(lines).toHaveLength(2);
      expect(lines[0]).toMatch(/colleges\.csv skipped/);
      expect(lines[1]).toMatch(/other\.csv skipped: its columns match neither/);
      expect(await broken.find('college_ceeb', 'harvard', 5)).toEqual([]);
      expect((await broken.get('address', '02139'))?.city).toBe('Cambridge');

      lines.length = 0;
      const missing = createLookupService(path.join(dir, 'nope'), log, createZipCodeProvider());
      // A lookup before warm() starts reading the directories itself, and answers without waiting for them.
      expect(await missing.find('hs_ceeb', 'boulder', 5)).toEqual([]);
      await missing.warm();
      expect(lines).toEqual([
        expect.stringMatching(/cannot be read \(ENOENT\): school search offers manual entry only/),
      ]);

      lines.length = 0;
      await createLookupService(undefined, log, createZipCodeProvider()).warm();
      expect(lines).toEqual(['LOOKUP_DATA_DIR is not set: school search offers manual entry only.']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('adds nothing from a file that breaks part way, not even its rows before the error', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ap-lookups-'));
    try {
      const header = 'unitid,ceeb,name,alias,address_line_1,city,state,zip,country,deg_granting';
      const college = (id: number, name: string) => `${id},,${name},,1 Main St,Springfield,IL,62701,US,1`;
      await writeFile(
        path.join(dir, 'colleges.csv'),
        [header, college(1, 'Harvard Test College'), college(2, 'Harvard Other College'), '3,,"Broken'].join('\n'),
      );
      await writeFile(
        path.join(dir, 'high-schools.csv'),
        'ceeb,nces_id,name,city,state,zip,country\n060115,1,Boulder High School,Boulder,CO,80302,US\n',
      );
      const lines: string[] = [];
      const service = createLookupService(dir, { info: () => {}, warn: (m) => lines.push(m) }, createZipCodeProvider());

      expect((await service.warm()).entries).toEqual({ college_ceeb: 0, hs_ceeb: 1 });
      expect(lines).toEqual([expect.stringMatching(/colleges\.csv skipped: .*quote/i)]);
      expect(await service.find('college_ceeb', 'harvard', 5)).toEqual([]);
      expect(await service.find('hs_ceeb', 'boulder', 5)).toEqual([
        { id: '060115', text: 'Boulder High School', sub_text: 'Boulder, CO' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('tries the build again at the next lookup when it failed, instead of failing until a restart', async () => {
    let infoCalls = 0;
    const warnings: string[] = [];
    const log = {
      warn: (m: string) => warnings.push(m),
      info: () => {
        if (infoCalls++ === 0) throw new Error('the log is full');
      },
    };
    const service = createLookupService(undefined, log, createZipCodeProvider());
    // The lookup starts the build and answers without it; the build it started fails.
    expect(await service.find('college_ceeb', 'harvard', 5)).toEqual([]);
    await expect(service.warm()).rejects.toThrow('the log is full');
    expect(warnings.at(-1)).toMatch(/manual entry until its indexes are built: the log is full/);
    expect(await service.find('college_ceeb', 'harvard', 5)).toEqual([]);
    await service.warm();
    expect(infoCalls).toBe(2);
  });

  it('answers the school calls with an empty list and an unknown id, never an error', async () => {
    const bare = await startTestApp();
    try {
      const res = await bare.client().get('/lookup/find?text=harvard&category=college_ceeb');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
      expect((await bare.client().get('/lookup/find?id=166027&category=college_ceeb')).statusCode).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
