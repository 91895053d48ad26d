import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchoolDirectories } from './school-directory';
import { SearchIndex } from './search-index';

describe('reading the school directories', () => {
  it('reads a directory larger than a call may take arguments (130,000 high schools)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ap-lookups-'));
    try {
      const rows = Array.from(
        { length: 130_000 },
        (_, i) => `${String(100_000 + i)},${i},School ${i},Springfield,IL,62701,US`,
      );
      await writeFile(
        path.join(dir, 'high-schools.csv'),
        ['ceeb,nces_id,name,city,state,zip,country', ...rows].join('\n'),
      );

      const loaded = await loadSchoolDirectories(dir);

      expect(loaded.notes).toEqual([
        { level: 'info', message: `Lookup data ${path.join(dir, 'high-schools.csv')}: 130000 hs_ceeb entries.` },
      ]);
      expect(loaded.entries.hs_ceeb).toHaveLength(130_000);
      expect(loaded.entries.hs_ceeb.at(-1)?.text).toBe('School 129999');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const COLLEGE_HEADER = 'unitid,ceeb,opeid,name,alias,address_line_1,city,state,zip,country,deg_granting';

/** The colleges of `rows` (unitid, opeid, name, alias, zip), indexed as the server indexes them. */
async function collegeIndex(rows: [string, string, string, string, string][]) {
  const dir = await mkdtemp(path.join(tmpdir(), 'ap-lookups-'));
  try {
    const lines = rows.map(
      ([id, opeid, name, alias, zip]) => `${id},,${opeid},${name},"${alias}",1 Main St,Town,ST,${zip},US,1`,
    );
    await writeFile(path.join(dir, 'colleges.csv'), [COLLEGE_HEADER, ...lines].join('\n'));
    const loaded = await loadSchoolDirectories(dir);
    return SearchIndex.of(loaded.entries.college_ceeb);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
const names = (index: SearchIndex<unknown>, text: string) => index.search(text, 5).map((h) => h.entry.text);

describe('school search by ZIP code and campus', () => {
  it('finds the schools of a five-digit ZIP code, also when the directory has ZIP+4, and only for five digits', async () => {
    const index = await collegeIndex([
      ['1', '00215500', 'Harvard University', '', '02138'],
      ['2', '00216000', 'Lesley University', '', '02138-2790'],
      ['3', '00217000', 'Boston College', '', '02467'],
    ]);
    expect(names(index, 'harvard')).toEqual(['Harvard University']);
    // Equal matches, in the index's fixed order: shorter names first.
    expect(names(index, '02138')).toEqual(['Lesley University', 'Harvard University']);
    expect(names(index, ' 02467 ')).toEqual(['Boston College']);
    expect(names(index, '0213')).toEqual([]);
    expect(names(index, '99999')).toEqual([]);
  });

  it('reads aliases separated by | as the directory writes them, and by commas', async () => {
    const index = await collegeIndex([
      ['1', '', 'Old Wolverine College', '', '48000'],
      ['2', '', 'University of Michigan-Ann Arbor', 'U of M|Wolverine State', '48109'],
      ['3', '', 'Old Normal School', '', '35000'],
      ['4', '', 'Alabama A & M University', 'AAMU, Normal Bulldogs', '35762'],
    ]);
    // An alias that starts with the text ranks before a name that only has a word starting with it.
    expect(names(index, 'wolverine')).toEqual(['University of Michigan-Ann Arbor', 'Old Wolverine College']);
    expect(names(index, 'normal')).toEqual(['Alabama A & M University', 'Old Normal School']);
  });

  it('ranks a main campus before its branches among equally good matches', async () => {
    const index = await collegeIndex([
      // Each its own institution (opeid ending 00); the system's first one, the lowest, is the main campus.
      ['171146', '00232700', 'University of Michigan-Flint', 'UM-Flint', '48502'],
      ['171137', '00232600', 'University of Michigan-Dearborn', 'UM-Dearborn', '48128'],
      ['170976', '00232500', 'University of Michigan-Ann Arbor', '', '48109'],
      // An additional location of the main campus (opeid not ending 00).
      ['214643', '00332918', 'Pennsylvania State University-Penn State York', '', '17403'],
      ['214777', '00332900', 'Pennsylvania State University-Main Campus', '', '16802'],
    ]);
    expect(names(index, 'univ mich')).toEqual([
      'University of Michigan-Ann Arbor',
      'University of Michigan-Flint',
      'University of Michigan-Dearborn',
    ]);
    expect(names(index, 'penn state')).toEqual([
      'Pennsylvania State University-Main Campus',
      'Pennsylvania State University-Penn State York',
    ]);
  });
});
