import {
  LOOKUP_MAX_RESULTS,
  LOOKUP_PATH,
  type LookupCategory,
  type LookupItem,
  type LookupRecord,
} from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { PUBLIC_QUERY_SCOPE } from '../../../lib/query-client';

/** GET /lookup/find?text=&category=&max_results=5 (SPEC section 7). */
export function findLookupItems(category: LookupCategory, text: string): Promise<LookupItem[]> {
  const query = new URLSearchParams({ text, category, max_results: String(LOOKUP_MAX_RESULTS) });
  return api.get<LookupItem[]>(`${LOOKUP_PATH}?${query}`);
}

/** GET /lookup/find?id=&category= (SPEC section 7). */
export function getLookupRecord(category: LookupCategory, id: string): Promise<LookupRecord> {
  const query = new URLSearchParams({ id, category });
  return api.get<LookupRecord>(`${LOOKUP_PATH}?${query}`);
}

/**
 * Directory data is the same for everyone, so its queries live in the public
 * scope and survive a logout. A failed lookup is no crash (SPEC section 8):
 * the callers turn it into "no options" or a label kept as typed.
 */
export const lookupItemsQuery = (category: LookupCategory, text: string) => ({
  queryKey: [PUBLIC_QUERY_SCOPE, 'lookup', category, 'text', text] as const,
  queryFn: () => findLookupItems(category, text),
  throwOnError: false,
});

export const lookupRecordQuery = (category: LookupCategory, id: string) => ({
  queryKey: [PUBLIC_QUERY_SCOPE, 'lookup', category, 'id', id] as const,
  queryFn: () => getLookupRecord(category, id),
});
