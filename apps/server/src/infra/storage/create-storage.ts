import { LOCAL_UPLOAD_PATH } from '@admissions/domain';
import type { StorageConfig } from '../../config';
import type { Clock } from '../clock';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The storage backend named by the configuration. */
export function createStorage(config: StorageConfig, publicUrl: URL, secret: string, clock: Clock): Storage {
  if (config.kind === 's3') return createS3Storage(config);
  return createLocalStorage({
    dir: config.dir,
    secret,
    clock,
    uploadUrl: new URL(LOCAL_UPLOAD_PATH, publicUrl).toString(),
  });
}
