import { performance } from 'node:perf_hooks';
import type { SchoolLookupCategory, SchoolLookupRecord } from '@admissions/domain';
import type { LookupLog, LookupService, LookupStats } from '../../core/lookup-service';
import type { AddressProvider } from './address-provider';
import { onceUntilFailure } from './once-until-failure';
import { loadSchoolDirectories } from './school-directory';
import { SearchIndex } from './search-index';

export interface LookupServiceOptions {
  /** Reads the directories; tests pass one they can hold back. */
  loadDirectories?: typeof loadSchoolDirectories;
}

/**
 * The school indexes from the CSV files in dataDir (see school-directory.ts),
 * with the address provider beside them (createZipCodeProvider, or another
 * service behind AddressProvider). Nothing is read or built until the first
 * lookup or warm(), which server.ts calls once it listens: reading and
 * indexing the school directories is most of a second of work, which a start
 * no longer makes its first answers wait for. It is done in slices, so
 * requests that come meanwhile are answered between them.
 *
 * A school search never waits for the build: until it is done, it answers an
 * empty list, as without directory data, so the form offers manual entry (in a
 * cold start under load, waiting made the first searches take over a second).
 * get() does wait: an id comes from a search answered by a built index, so a
 * get() before the build is a restart between the two, and the record is due.
 */
export function createLookupService(
  dataDir: string | undefined,
  log: LookupLog,
  addresses: AddressProvider,
  options: LookupServiceOptions = {},
): LookupService {
  const { loadDirectories = loadSchoolDirectories } = options;
  let built: SchoolIndexes | undefined;
  const schools = onceUntilFailure(
    async () => (built = await buildSchoolIndexes(dataDir, log, addresses.name, loadDirectories)),
  );
  let starting = false;
  /** Starts the build from a search, once at a time; a failure is logged and the next search tries again. */
  const buildInBackground = () => {
    if (starting) return;
    starting = true;
    schools()
      .catch((err: unknown) =>
        log.warn(`School search offers manual entry until its indexes are built: ${(err as Error).message}`),
      )
      .finally(() => (starting = false));
  };
  return {
    async find(category, text, max) {
      if (category === 'address') return addresses.find(text, max);
      if (!built) {
        buildInBackground();
        return [];
      }
      return built.indexes[category]
        .search(text, max)
        .map(({ entry }) => ({ id: entry.id, text: entry.text, sub_text: entry.sub_text }));
    },
    async get(category, id) {
      if (category === 'address') return addresses.get(id);
      return (await schools()).indexes[category].get(id)?.record;
    },
    async warm() {
      const [{ stats }] = await Promise.all([schools(), addresses.warm?.()]);
      return stats;
    },
  };
}

interface SchoolIndexes {
  indexes: Record<SchoolLookupCategory, SearchIndex<SchoolLookupRecord>>;
  stats: LookupStats;
}

async function buildSchoolIndexes(
  dataDir: string | undefined,
  log: LookupLog,
  addressesFrom: string,
  loadDirectories: typeof loadSchoolDirectories,
): Promise<SchoolIndexes> {
  const started = performance.now();
  const loaded = await loadDirectories(dataDir);
  for (const note of loaded.notes) log[note.level](note.message);
  const indexes: SchoolIndexes['indexes'] = {
    college_ceeb: await SearchIndex.inSlices(loaded.entries.college_ceeb),
    hs_ceeb: await SearchIndex.inSlices(loaded.entries.hs_ceeb),
  };
  const buildMs = Math.round(performance.now() - started);
  log.info(
    `Lookup indexes built in ${buildMs} ms: ${indexes.college_ceeb.size} colleges, ${indexes.hs_ceeb.size} high schools; addresses from ${addressesFrom}.`,
  );
  return {
    indexes,
    stats: { entries: { college_ceeb: indexes.college_ceeb.size, hs_ceeb: indexes.hs_ceeb.size }, buildMs },
  };
}
