import { execFileSync } from 'node:child_process';

/**
 * A port that is free right now, asked of the operating system. Synchronous,
 * because Playwright reads its configuration synchronously; the answer goes
 * into E2E_PORT, so the test workers Playwright forks later agree on it.
 */
export function freePortSync(): number {
  const script =
    "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})";
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
