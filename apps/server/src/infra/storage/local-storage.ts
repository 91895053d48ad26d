import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Clock } from '../clock';
import {
  assertSafeFolder,
  assertSafeKey,
  MAX_UPLOAD_FORM_SECONDS,
  type Storage,
  type UploadForm,
  type UploadLimits,
} from './storage';
import { signPolicy } from './upload-policy';

interface LocalStorageOptions {
  dir: string;
  secret: string;
  clock: Clock;
  uploadUrl: string;
  /** Where uploaders without a session post (UploadLimits.sessionless). */
  publicUploadUrl: string;
}

/** A key's file under the storage folder; throws for a key that is unsafe or would leave the folder. */
type PathOf = (key: string) => string;

/**
 * Documents on local disk under one folder. Uploads go to an endpoint of this
 * server (uploadUrl) that verifies the signed policy (see local-upload-route).
 */
export function createLocalStorage(options: LocalStorageOptions): Storage & {
  pathOf(key: string): string;
  writeUpload(key: string, tempFile: string): Promise<void>;
  tempPath(): Promise<string>;
} {
  const root = path.resolve(options.dir);
  const pathOf = pathsUnder(root);
  const tempDir = path.join(root, '.incoming');

  return {
    kind: 'local',
    uploadOrigins: [],
    pathOf,
    createUploadForm: async (limits: UploadLimits) => uploadForm(options, pathOf, limits),
    size: (key) => sizeOf(pathOf, key),
    read: (key, maxBytes) => readAtMost(pathOf, key, maxBytes),
    write: (key, bytes) => writeWhole(pathOf, key, bytes),
    copy: (from, to) => copyWhole(pathOf, from, to),
    async writeUpload(key, tempFile) {
      const target = pathOf(key);
      await mkdir(path.dirname(target), { recursive: true });
      await rename(tempFile, target);
    },
    async tempPath() {
      await mkdir(tempDir, { recursive: true });
      return path.join(tempDir, randomUUID());
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    removeFolder: (prefix) => removeFolder(pathOf, prefix),
  };
}

function pathsUnder(root: string): PathOf {
  return (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('storage key outside the storage folder');
    return full;
  };
}

function uploadForm(options: LocalStorageOptions, pathOf: PathOf, limits: UploadLimits): UploadForm {
  pathOf(limits.key);
  const seconds = Math.min(limits.expiresInSeconds, MAX_UPLOAD_FORM_SECONDS);
  const expiration = new Date(options.clock.now().getTime() + seconds * 1000).toISOString();
  const signed = signPolicy(options.secret, {
    expiration,
    key: limits.key,
    minBytes: limits.minBytes,
    maxBytes: limits.maxBytes,
  });
  return {
    url: limits.sessionless ? options.publicUploadUrl : options.uploadUrl,
    fields: { key: limits.key, policy: signed.policy, signature: signed.signature },
  };
}

async function sizeOf(pathOf: PathOf, key: string): Promise<number | null> {
  try {
    const s = await stat(pathOf(key));
    return s.isFile() ? s.size : null;
  } catch {
    return null;
  }
}

async function readAtMost(pathOf: PathOf, key: string, maxBytes: number): Promise<Uint8Array | null> {
  let handle;
  try {
    handle = await open(pathOf(key), 'r');
  } catch {
    return null;
  }
  try {
    const { size } = await handle.stat();
    if (size > maxBytes) return null;
    const buffer = Buffer.alloc(size);
    const { bytesRead } = await handle.read(buffer, 0, size, 0);
    return new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead);
  } finally {
    await handle.close();
  }
}

async function writeWhole(pathOf: PathOf, key: string, bytes: Uint8Array): Promise<void> {
  const target = pathOf(key);
  await mkdir(path.dirname(target), { recursive: true });
  // Written beside the target and renamed: a reader never sees half a file, even after a crash.
  const temp = `${target}.${randomUUID()}.part`;
  const handle = await open(temp, 'wx');
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
}

async function copyWhole(pathOf: PathOf, from: string, to: string): Promise<boolean> {
  const target = pathOf(to);
  await mkdir(path.dirname(target), { recursive: true });
  // As writeWhole does: beside the target, flushed, then renamed.
  const temp = `${target}.${randomUUID()}.part`;
  try {
    await copyFile(pathOf(from), temp);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
  const handle = await open(temp, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, target);
  return true;
}

async function removeFolder(pathOf: PathOf, prefix: string): Promise<number> {
  assertSafeFolder(prefix);
  const folder = pathOf(prefix.slice(0, -1));
  const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  await rm(folder, { recursive: true, force: true });
  return files.filter((f) => f.isFile()).length;
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
