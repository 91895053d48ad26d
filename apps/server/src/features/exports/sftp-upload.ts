import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import SftpClient from 'ssh2-sftp-client';
import type { IntegrationsConfig } from '../../config';

export interface SftpTarget {
  user: string;
  host: string;
  port: number;
  /** The directory, absolute on the server, ending with '/'. */
  dir: string;
}

/** A failed upload, with a message for the console's run list (never the key or its path's contents). */
export class ExportUploadError extends Error {
  override name = 'ExportUploadError';
}

/** The base64 key of a key line as ssh-keyscan prints it ("ssh-ed25519 AAAA…"). */
const pinnedKeyOf = (line: string) => Buffer.from(line.trim().split(/\s+/)[1] ?? '', 'base64');

const fingerprintOf = (key: Buffer) => `SHA256:${createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;

/**
 * Writes the file to the SFTP server: under a temporary name first, then renamed into place (OpenSSH's
 * posix-rename replaces a file of the same name at once), so the receiver never picks up half a file. The server's
 * host key must be the pinned one (EXPORT_SFTP_HOST_KEY): ssh2 hands hostVerifier the key the server offered, and
 * any other key ends the handshake before the private key is used.
 */
export async function uploadBySftp(
  config: Pick<IntegrationsConfig, 'exportSftpKeyFile' | 'exportSftpHostKey'>,
  target: SftpTarget,
  fileName: string,
  bytes: Buffer,
): Promise<void> {
  if (!config.exportSftpHostKey)
    throw new ExportUploadError("EXPORT_SFTP_HOST_KEY is not set: the SFTP server's key cannot be checked");
  if (!config.exportSftpKeyFile) throw new ExportUploadError('EXPORT_SFTP_KEY_FILE is not set');
  const privateKey = await readFile(config.exportSftpKeyFile).catch((err: NodeJS.ErrnoException) => {
    throw new ExportUploadError(`EXPORT_SFTP_KEY_FILE cannot be read (${err.code ?? err.message})`);
  });
  const pinned = pinnedKeyOf(config.exportSftpHostKey);
  let offered: Buffer | undefined;
  const sftp = new SftpClient('export');
  try {
    await sftp.connect({
      host: target.host,
      port: target.port,
      username: target.user,
      privateKey,
      readyTimeout: 20_000,
      // A server that stops answering mid-upload ends the connection (and the try) within half a minute.
      keepaliveInterval: 10_000,
      keepaliveCountMax: 3,
      hostVerifier: (key: Buffer) => {
        offered = key;
        return key.equals(pinned);
      },
    });
  } catch (err) {
    await sftp.end().catch(() => undefined);
    if (offered && !offered.equals(pinned))
      throw new ExportUploadError(
        `the SFTP server's host key (${fingerprintOf(offered)}) is not the one pinned in EXPORT_SFTP_HOST_KEY ` +
          `(${fingerprintOf(pinned)}): refused`,
      );
    throw new ExportUploadError(`SFTP connection to ${target.host}:${target.port} failed: ${messageOf(err)}`);
  }
  const partName = `${target.dir}.${fileName}.part`;
  try {
    await sftp.put(bytes, partName);
    await sftp.posixRename(partName, `${target.dir}${fileName}`);
  } catch (err) {
    await sftp.delete(partName, true).catch(() => undefined);
    throw new ExportUploadError(`SFTP upload to ${target.dir} failed: ${messageOf(err)}`);
  } finally {
    await sftp.end().catch(() => undefined);
  }
}

const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));
