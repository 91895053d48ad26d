import type { LookupCategory, LookupItem, LookupRecord, SchoolLookupCategory } from '@admissions/domain';

/**
 * The two lookup calls, answered from memory. The contract lives on this floor because AppDeps, which every
 * feature imports, carries one: the lookup feature builds it (createLookupService) and create-deps.ts hands it in.
 */
export interface LookupService {
  find(category: LookupCategory, text: string, max: number): Promise<LookupItem[]>;
  /** Undefined when the category has no such id. */
  get(category: LookupCategory, id: string): Promise<LookupRecord | undefined>;
  /**
   * Builds the school indexes and gets the address provider ready, ahead of
   * the first lookup; resolves to the schools' figures, for logs and the benchmark.
   */
  warm(): Promise<LookupStats>;
}

/** Entries per school category, and the time reading and indexing the directories took. */
export interface LookupStats {
  entries: Record<SchoolLookupCategory, number>;
  buildMs: number;
}

export interface LookupLog {
  info(message: string): void;
  warn(message: string): void;
}
