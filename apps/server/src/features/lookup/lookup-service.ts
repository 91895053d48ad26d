import { performance } from 'node:perf_hooks';
import type {
  LookupCategory,
  LookupItem,
  LookupRecord,
  SchoolLookupCategory,
  SchoolLookupRecord,
} from '@admissions/domain';
import type { AddressProvider } from './address-provider';
import { loadSchoolDirectories } from './school-directory';
import { SearchIndex } from './search-index';

/** The two lookup calls, answered from memory. */
export interface LookupService {
  find(category: LookupCategory, text: string, max: number): Promise<LookupItem[]>;
  /** Undefined when the category has no such id. */
  get(category: LookupCategory, id: string): Promise<LookupRecord | undefined>;
  /** Entries per school category and the time the start-up build took, for logs and the benchmark. */
  readonly stats: { entries: Record<SchoolLookupCategory, number>; buildMs: number };
  /** Gets the address provider ready ahead of the first address lookup. */
  warm(): Promise<void>;
}

export interface LookupLog {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Builds the school indexes from the CSV files in dataDir (see
 * school-directory.ts) and puts the address provider beside them
 * (createZipCodeProvider, or another service behind AddressProvider).
 */
export async function createLookupService(
  dataDir: string | undefined,
  log: LookupLog,
  addresses: AddressProvider,
): Promise<LookupService> {
  const started = performance.now();
  const loaded = await loadSchoolDirectories(dataDir);
  for (const note of loaded.notes) log[note.level](note.message);
  const schools: Record<SchoolLookupCategory, SearchIndex<SchoolLookupRecord>> = {
    college_ceeb: new SearchIndex(loaded.entries.college_ceeb),
    hs_ceeb: new SearchIndex(loaded.entries.hs_ceeb),
  };
  const buildMs = Math.round(performance.now() - started);
  log.info(
    `Lookup indexes built in ${buildMs} ms: ${schools.college_ceeb.size} colleges, ${schools.hs_ceeb.size} high schools; addresses from ${addresses.name}.`,
  );
  return {
    async find(category, text, max) {
      if (category === 'address') return addresses.find(text, max);
      return schools[category]
        .search(text, max)
        .map(({ entry }) => ({ id: entry.id, text: entry.text, sub_text: entry.sub_text }));
    },
    async get(category, id) {
      if (category === 'address') return addresses.get(id);
      return schools[category].get(id)?.record;
    },
    stats: { entries: { college_ceeb: schools.college_ceeb.size, hs_ceeb: schools.hs_ceeb.size }, buildMs },
    warm: async () => addresses.warm?.(),
  };
}
