import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSchoolDirectories } from './school-directory';

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
