import { once } from 'node:events';
import { PassThrough, type Readable } from 'node:stream';
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** One file of a ZIP: read only when its turn comes, so one file at a time is in memory. */
export interface ZipEntry {
  /** A path made by the server ('documents/college_transcript_upload.pdf'), never a name an uploader chose. */
  name: string;
  /** Deflate it (text); PDFs are stored as they are, being compressed already. */
  deflate: boolean;
  read(): Promise<Uint8Array>;
}

/**
 * A ZIP written as it is read (fflate's streaming Zip): each entry is read, compressed and handed on, and the
 * next waits until the reader has taken the bytes (backpressure), so memory holds about one file whatever the
 * archive's size. An entry that fails to read ends the stream with the error: the download breaks off rather
 * than ending as a ZIP that silently lacks a file.
 */
export function zipStream(entries: readonly ZipEntry[], mtime: Date, onError: (err: unknown) => void): Readable {
  const out = new PassThrough();
  const zip = new Zip((err, chunk, final) => {
    if (err) return void out.destroy(err);
    out.write(chunk);
    if (final) out.end();
  });
  const write = async () => {
    for (const entry of entries) {
      if (out.destroyed) return;
      const bytes = await entry.read();
      const file = entry.deflate ? new ZipDeflate(entry.name, { level: 6 }) : new ZipPassThrough(entry.name);
      file.mtime = mtime;
      zip.add(file);
      file.push(bytes, true);
      if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    }
    zip.end();
  };
  write().catch((err: unknown) => {
    onError(err);
    zip.terminate();
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return out;
}
