import type { Storage } from '../../infra/storage/storage';

/**
 * Removes stored objects after the rows that named them are gone. A failure is
 * logged, not thrown: the applicant's change is already committed, and an
 * orphaned object is only space.
 */
export interface Log {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export async function removeFiles(
  storage: Storage,
  keys: readonly (string | null | undefined)[],
  log: Log,
): Promise<void> {
  await Promise.all(
    [...new Set(keys.filter((k): k is string => !!k))].map((key) =>
      storage.remove(key).catch((err: unknown) => log.warn({ err, key }, 'could not remove a stored document file')),
    ),
  );
}
