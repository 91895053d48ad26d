import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AddressProvider } from './address-provider';
import { createLookupService } from './lookup-service';
import { loadSchoolDirectories } from './school-directory';

const SILENT = { info: () => {}, warn: () => {} };
const NO_ADDRESSES: AddressProvider = { name: 'none', find: async () => [], get: async () => undefined };

describe('a lookup while the school indexes are being built', () => {
  it('answers at once from what is built (nothing yet), and finds the school once the build is done', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'ap-lookups-'));
    try {
      await writeFile(
        path.join(dir, 'colleges.csv'),
        'unitid,ceeb,name,alias,address_line_1,city,state,zip,country,deg_granting\n' +
          '166027,3442,Harvard University,,Massachusetts Hall,Cambridge,MA,02138,US,1\n',
      );
      // The build is held back until the test lets it go on.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const service = createLookupService(dir, SILENT, NO_ADDRESSES, {
        loadDirectories: async (from) => {
          await held;
          return loadSchoolDirectories(from);
        },
      });
      const building = service.warm();

      const answer = await Promise.race([
        service.find('college_ceeb', 'harvard', 5),
        nextTurn().then(() => 'still waiting for the build'),
      ]);
      expect(answer).toEqual([]);

      release();
      expect((await building).entries.college_ceeb).toBe(1);
      expect(await service.find('college_ceeb', 'harvard', 5)).toEqual([
        { id: '166027', text: 'Harvard University', sub_text: 'Cambridge, MA' },
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('starts the build when a lookup comes before warm(), and answers meanwhile without waiting', async () => {
    let started = 0;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const service = createLookupService(undefined, SILENT, NO_ADDRESSES, {
      loadDirectories: async (from) => {
        started++;
        await held;
        return loadSchoolDirectories(from);
      },
    });
    const answer = await Promise.race([
      service.find('hs_ceeb', 'boulder', 5),
      nextTurn().then(() => 'still waiting for the build'),
    ]);
    expect(answer).toEqual([]);
    expect(started).toBe(1);
    expect(await service.find('hs_ceeb', 'boulder', 5)).toEqual([]);
    expect(started).toBe(1);
    release();
    expect((await service.warm()).entries).toEqual({ college_ceeb: 0, hs_ceeb: 0 });
  });
});
