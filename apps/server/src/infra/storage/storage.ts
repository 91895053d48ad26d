/**
 * Where uploaded and converted documents live: local disk (embedded) or an
 * S3-compatible bucket (scaled). Keys are made by the server only; callers
 * never pass a user-chosen name here.
 */
export interface UploadForm {
  url: string;
  fields: Record<string, string>;
}

export interface UploadLimits {
  /** Exact key the upload must be stored under. */
  key: string;
  minBytes: number;
  maxBytes: number;
  /** How long the form stays valid, at most 10 minutes. */
  expiresInSeconds: number;
  /** The uploader has no session (a recommender): the embedded store takes the file at its public endpoint. */
  sessionless?: boolean;
}

export interface Storage {
  readonly kind: 'local' | 's3';
  /** Origins the browser posts upload forms to, other than our own (for the pages' connect-src). */
  readonly uploadOrigins: readonly string[];
  /** A presigned POST form for one upload under exactly `limits.key`. */
  createUploadForm(limits: UploadLimits): Promise<UploadForm>;
  /** The stored object's size, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The stored object, refusing (null) one larger than maxBytes or missing. */
  read(key: string, maxBytes: number): Promise<Uint8Array | null>;
  write(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * A copy of one object under another key, made where the objects are (a file copy on disk, CopyObject on
   * S3: the bytes never pass through the process). False when the source is missing.
   */
  copy(from: string, to: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error. */
  remove(key: string): Promise<void>;
  /**
   * Removes every object whose key starts with `prefix` (a folder, ending with '/'): what an account's
   * deletion leaves no trace of, including an object no row names any more. Returns how many it removed.
   */
  removeFolder(prefix: string): Promise<number>;
}

/** A folder prefix is a safe key ending with '/'. */
export function assertSafeFolder(prefix: string): void {
  if (!prefix.endsWith('/')) throw new Error(`not a folder: ${JSON.stringify(prefix)}`);
  assertSafeKey(prefix.slice(0, -1));
}

export const MAX_UPLOAD_FORM_SECONDS = 600;

/** Keys are built from these characters only, so no key can climb out of its folder. */
export const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9._/-]{0,299}$/;

export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.split('/').some((part) => part === '' || part === '.' || part === '..')) {
    throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  }
}
