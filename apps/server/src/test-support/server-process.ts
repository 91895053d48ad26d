import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/**
 * A port that was free a moment ago, for a child process that cannot report its own. Chosen below the OS's ephemeral
 * range, which it hands to whatever listens on port 0 (other tests' servers, running beside this one): a port from
 * that range could be taken between this choice and the child's listen (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  const low = ephemeralLow();
  const from = Math.max(1024, low - 12_000);
  for (let left = 200; ; left--) {
    const port = from + Math.floor(Math.random() * (low - from));
    const server = createServer();
    const bound = await new Promise<boolean>((resolve) => {
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => resolve(true));
    });
    if (bound) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      return port;
    }
    if (left === 0) throw new Error(`no free port between ${from} and ${low}`);
  }
}

/** The first port of the range the OS hands to whatever listens on port 0 (Linux's default: 32768). */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return low > 2048 ? low : 32_768;
  } catch {
    return 32_768;
  }
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  stderr: () => string;
  /** Resolves with the exit code (or signal) once the process has ended. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<void>;
}

/**
 * The real server from source (node --import tsx src/server.ts, as
 * `npm run dev` starts it; `npm start` runs the compiled dist/) in its own
 * process on a free port, with its own DATA_DIR, for what only a process can
 * show: signals, exit codes, several processes on one database.
 */
export async function startServerProcess(
  env: Record<string, string>,
  {
    waitReady = true,
    nodeArgs = [] as string[],
    port: fixedPort,
    startTimeoutMs = 60_000,
    // Another entry than the product's: the e2e stack's (test-support/e2e-server.ts, decision 053).
    entry = 'src/server.ts',
  }: { waitReady?: boolean; nodeArgs?: string[]; port?: number; startTimeoutMs?: number; entry?: string } = {},
): Promise<ServerProcess> {
  // A fixed port: a process started again where a balancer already sends (haproxy.test.ts).
  const port = fixedPort ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ap-proc-'));
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', entry], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      WEB_DIST: path.join(dataDir, 'no-web-build'),
      // Staff here sign in with a password alone; the second factor has tests of its own.
      STAFF_MFA: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal })),
  );
  void exited.then(() => rm(dataDir, { recursive: true, force: true }));
  if (waitReady) {
    const deadline = Date.now() + startTimeoutMs;
    while (!out.includes('is ready at')) {
      const ended = await Promise.race([exited, new Promise((r) => setTimeout(() => r(undefined), 100))]);
      if (ended || Date.now() > deadline) {
        // A process too slow to start is stopped, not left running after the test.
        if (!ended) child.kill('SIGKILL');
        throw new Error(`server did not start:\n${out}\n${err}`);
      }
    }
  }
  return {
    child,
    url: `http://127.0.0.1:${port}`,
    stderr: () => err,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
