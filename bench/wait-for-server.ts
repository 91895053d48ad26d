import type { ChildProcess } from 'node:child_process';

/** Resolves with the server process once it answers on its port; throws after `tries` polls 200 ms apart. */
export async function waitForServer(child: ChildProcess, port: number, tries = 100): Promise<ChildProcess> {
  for (let i = 0; ; i++) {
    try {
      await fetch(`http://127.0.0.1:${port}/public/tenant`);
      return child;
    } catch (err) {
      if (i > tries) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}
