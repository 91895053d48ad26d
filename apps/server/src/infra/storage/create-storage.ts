import { LOCAL_PUBLIC_UPLOAD_PATH, LOCAL_UPLOAD_PATH } from '@admissions/domain';
import type { StorageConfig } from '../../config';
import type { Clock } from '../clock';
import { createLocalStorage } from './local-storage';
import { uploadOrigins, type S3StorageOptions } from './s3-origins';
import type { Storage } from './storage';

/** The storage backend named by the configuration. */
export function createStorage(config: StorageConfig, publicUrl: URL, secret: string, clock: Clock): Storage {
  if (config.kind === 's3') return lazyS3Storage(config);
  return createLocalStorage({
    dir: config.dir,
    secret,
    clock,
    uploadUrl: new URL(LOCAL_UPLOAD_PATH, publicUrl).toString(),
    publicUploadUrl: new URL(LOCAL_PUBLIC_UPLOAD_PATH, publicUrl).toString(),
  });
}

/**
 * The S3 backend, with the AWS SDK loaded at its first call rather than at
 * start (a tenth of a second the server's first answer does not wait for).
 */
function lazyS3Storage(options: S3StorageOptions): Storage {
  let real: Promise<Storage> | undefined;
  const s3 = () => (real ??= import('./s3-storage').then((m) => m.createS3Storage(options)));
  return {
    kind: 's3',
    uploadOrigins: uploadOrigins(options),
    createUploadForm: async (limits) => (await s3()).createUploadForm(limits),
    size: async (key) => (await s3()).size(key),
    read: async (key, maxBytes) => (await s3()).read(key, maxBytes),
    write: async (key, bytes, contentType) => (await s3()).write(key, bytes, contentType),
    copy: async (from, to) => (await s3()).copy(from, to),
    remove: async (key) => (await s3()).remove(key),
    removeFolder: async (prefix) => (await s3()).removeFolder(prefix),
  };
}
