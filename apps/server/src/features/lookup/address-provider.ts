import type { AddressLookupRecord, LookupItem } from '@admissions/domain';

/**
 * Where the address lookup gets its places. The built-in provider knows US
 * ZIP codes only (street-level data cannot ship); a commercial or
 * self-hosted address service can stand behind the same two calls.
 */
export interface AddressProvider {
  readonly name: string;
  find(text: string, max: number): Promise<LookupItem[]>;
  /** Undefined when the id is unknown. */
  get(id: string): Promise<AddressLookupRecord | undefined>;
  /** Loads what the provider needs ahead of its first lookup (called once the server listens). */
  warm?(): Promise<void>;
}
