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

/**
 * Documents on local disk under one folder. Uploads go to an endpoint of this
 * server (uploadUrl) that verifies the signed policy (see local-upload-route).
 */
export function createLocalStorage(options: {
  dir: string;
  secret: string;
  clock: Clock;
  uploadUrl: string;
  /** Where uploaders without a session post (UploadLimits.sessionless). */
  publicUploadUrl: string;
}): Storage & {
  pathOf(key: string): string;
  writeUpload(key: string, tempFile: string): Promise<void>;
  tempPath(): Promise<string>;
} {
  const root = path.resolve(options.dir);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(root, key);
    if (!full.startsWith(root + path.sep)) throw new Error('storage key outside the storage folder');
    return full;
  };
  const tempDir = path.join(root, '.incoming');

  return {
    kind: 'local',
    uploadOrigins: [],
    pathOf,
    async createUploadForm(limits: UploadLimits): Promise<UploadForm> {
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
    },
    async size(key) {
      try {
        const s = await stat(pathOf(key));
        return s.isFile() ? s.size : null;
      } catch {
        return null;
      }
    },
    async read(key, maxBytes) {
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
    },
    async write(key, bytes) {
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
    },
    async copy(from, to) {
      const target = pathOf(to);
      await mkdir(path.dirname(target), { recursive: true });
      // As write does: beside the target, flushed, then renamed.
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
    },
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
    async removeFolder(prefix) {
      assertSafeFolder(prefix);
      const folder = pathOf(prefix.slice(0, -1));
      const files = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
      await rm(folder, { recursive: true, force: true });
      return files.filter((f) => f.isFile()).length;
    },
  };
}

export type LocalStorage = ReturnType<typeof createLocalStorage>;
