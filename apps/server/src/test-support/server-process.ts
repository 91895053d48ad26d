import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const serverRoot = path.resolve(import.meta.dirname, '../..');

/** A port that was free a moment ago (the OS picks it), for a child process that cannot report its own. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
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
