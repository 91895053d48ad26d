import { createHash } from 'node:crypto';
import type { CopySource } from './application-copy';

/**
 * How copies are drawn, as a number: raised when the same answers come out differently (a fix in the
 * drawing), so that copies kept in memory or stored (decision 055) before it are drawn again. 2: every
 * glyph keeps the characters it stands for in the copy's text (decision 058).
 */
export const COPY_DRAWING = 2;

/**
 * Which drawing of the copy a source gives: the same answers, documents and header, drawn the same way,
 * give the same version.
 */
export function copyVersion(source: CopySource, drawing = COPY_DRAWING): string {
  return createHash('sha256').update(`${drawing}\u0000`).update(JSON.stringify(source)).digest('base64url');
}

type Drawn = { version: string; pdf: Uint8Array } | { version: string; failed: true };

/**
 * The last copy drawn for each applicant, in this process's memory, so a
 * copy is drawn once per change of what it shows, however often it is
 * downloaded. Bounded by bytes; the applicants who downloaded least recently
 * are forgotten first. Nothing is written anywhere: a copy still cannot go
 * stale, since a change of the answers is a change of version.
 */
export function createCopyCache(maxBytes: number) {
  const entries = new Map<string, Drawn>();
  let bytes = 0;
  const sizeOf = (d: Drawn | undefined) => (d && 'pdf' in d ? d.pdf.byteLength : 0);
  const forget = (userId: string) => {
    bytes -= sizeOf(entries.get(userId));
    entries.delete(userId);
  };
  return {
    /** The copy of this version, if it was drawn; 'failed' if its last drawing failed. */
    get(userId: string, version: string): Uint8Array | 'failed' | undefined {
      const drawn = entries.get(userId);
      if (!drawn || drawn.version !== version) return undefined;
      // Most recently used last: Map keeps insertion order.
      entries.delete(userId);
      entries.set(userId, drawn);
      return 'pdf' in drawn ? drawn.pdf : 'failed';
    },
    /** Forgets the applicant's copy, drawn or failed. */
    forget,
    set(userId: string, version: string, pdf: Uint8Array | 'failed'): void {
      forget(userId);
      const drawn: Drawn = pdf === 'failed' ? { version, failed: true } : { version, pdf };
      if (sizeOf(drawn) > maxBytes) return;
      entries.set(userId, drawn);
      bytes += sizeOf(drawn);
      for (const oldest of entries.keys()) {
        if (bytes <= maxBytes) break;
        forget(oldest);
      }
    },
  };
}
