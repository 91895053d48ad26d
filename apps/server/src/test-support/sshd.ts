import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, stat, writeFile, copyFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const SSHD_PATH = '/usr/sbin/sshd';

/** A real OpenSSH server for a test: its own keys, configuration and port, serving SFTP to one key. */
export interface TestSshd {
  port: number;
  /** The server's public key line as ssh-keyscan prints it, without the host: EXPORT_SFTP_HOST_KEY. */
  hostKeyLine: string;
  /** Another key's line, which the server does not have: a pin that must be refused. */
  otherHostKeyLine: string;
  /** The client's private key file: EXPORT_SFTP_KEY_FILE. */
  clientKeyFile: string;
  /** The login the server accepts the key for (the user the test runs as). */
  user: string;
  /** A directory the client may write to, absolute, ending with '/'. */
  uploadDir: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function keyPair(file: string): Promise<string> {
  await run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'test', '-f', file]);
  const [type, key] = (await readFile(`${file}.pub`, 'utf8')).trim().split(/\s+/);
  return `${type} ${key}`;
}

/**
 * Starts Debian's OpenSSH server (`sshd -D -e -f <own config>`) on 127.0.0.1, at a port found free just before,
 * serving `internal-sftp` to a key made for the test, as the user the test runs as. Runs as root in CI and here:
 * root may log in with a key only, and StrictModes is off because the keys live in a temporary folder. sshd needs
 * its privilege separation folder (/run/sshd), which only its service unit makes: made here when missing.
 */
export async function startTestSshd(): Promise<TestSshd> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ap-sshd-'));
  const hostKey = path.join(dir, 'host_key');
  const clientKeyFile = path.join(dir, 'client_key');
  const [hostKeyLine, otherHostKeyLine] = await Promise.all([
    keyPair(hostKey),
    keyPair(path.join(dir, 'other_host_key')),
    keyPair(clientKeyFile),
  ]);
  await copyFile(`${clientKeyFile}.pub`, path.join(dir, 'authorized_keys'));
  const uploadDir = path.join(dir, 'incoming') + '/';
  await mkdir(uploadDir);
  if (process.getuid?.() === 0) await stat('/run/sshd').catch(() => mkdir('/run/sshd', { mode: 0o755 }));
  const user = (await run('id', ['-un'])).stdout.trim();

  let child: ChildProcess | undefined;
  let port = 0;
  // Another process may take the port between the check and sshd's bind: try a few.
  for (let tries = 0; tries < 5 && !child; tries++) {
    port = await freePort();
    const config = path.join(dir, 'sshd_config');
    await writeFile(
      config,
      [
        `Port ${port}`,
        'ListenAddress 127.0.0.1',
        `HostKey ${hostKey}`,
        'PidFile none',
        `AuthorizedKeysFile ${path.join(dir, 'authorized_keys')}`,
        'PermitRootLogin prohibit-password',
        'PasswordAuthentication no',
        'KbdInteractiveAuthentication no',
        'StrictModes no',
        'UsePAM no',
        'Subsystem sftp internal-sftp',
        'LogLevel INFO',
        '',
      ].join('\n'),
    );
    child = await listening(spawn(SSHD_PATH, ['-D', '-e', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] }));
  }
  if (!child) throw new Error('sshd did not start on a free port');
  const started = child;

  return {
    port,
    hostKeyLine,
    otherHostKeyLine,
    clientKeyFile,
    user,
    uploadDir,
    async stop() {
      if (started.exitCode === null) {
        const exited = new Promise((resolve) => started.once('exit', resolve));
        started.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The server once it says it listens; undefined when it exits first (its port was taken). */
function listening(child: ChildProcess): Promise<ChildProcess | undefined> {
  return new Promise((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sshd did not start in 10 s:\n${log}`));
    }, 10_000);
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Server listening on')) {
        clearTimeout(timer);
        resolve(child);
      }
    });
    child.once('exit', () => {
      clearTimeout(timer);
      if (log.includes('Address already in use')) resolve(undefined);
      else reject(new Error(`sshd exited:\n${log}`));
    });
  });
}
