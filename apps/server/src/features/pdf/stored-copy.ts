import type { FastifyBaseLogger } from 'fastify';
import type { Storage } from '../../infra/storage/storage';

/** A stored copy larger than this is not read back (a maximal copy in every script is under 1.5 MB). */
const MAX_STORED_COPY_BYTES = 8 * 1_048_576;

/**
 * Where the copy of a submitted application is kept (decision 055): in the applicant's own documents
 * folder, so deleting the account (retention, or the applicant) removes it with the rest. Named by the
 * copy's version: a submitted application does not change (nothing reopens it), and if what the copy
 * shows ever does (a conversion finishing after submission), the new version has a name of its own, so
 * a stored copy is never stale and never needs invalidating.
 */
export function storedCopyKey(userId: string, version: string): string {
  // The version is base64url; storage keys allow no '_', so it is written in hex.
  return `documents/${userId}/application-copy-${Buffer.from(version, 'base64url').toString('hex')}.pdf`;
}

/**
 * The copies of submitted applications, drawn once and read by every process after that, even one just
 * started: the first byte of a submitted copy no longer waits for react-pdf. A store that fails is logged
 * and the copy is drawn as before: the store saves work, the copy never depends on it.
 */
export function createStoredCopies(storage: Storage) {
  return {
    async read(userId: string, version: string, log: FastifyBaseLogger): Promise<Uint8Array | null> {
      try {
        return await storage.read(storedCopyKey(userId, version), MAX_STORED_COPY_BYTES);
      } catch (err) {
        log.warn({ err }, 'stored PDF copy could not be read; drawing it');
        return null;
      }
    },
    async write(userId: string, version: string, pdf: Uint8Array, log: FastifyBaseLogger): Promise<void> {
      await storage.write(storedCopyKey(userId, version), pdf, 'application/pdf').catch((err: unknown) => {
        log.warn({ err }, 'PDF copy of a submitted application could not be stored');
      });
    },
  };
}
