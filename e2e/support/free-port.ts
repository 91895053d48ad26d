import { execFileSync } from 'node:child_process';

/**
 * A port that is free right now, for a server the runner starts later. Synchronous, because Playwright reads its
 * configuration synchronously; the answer goes into E2E_PORT and its kin, so the test workers Playwright forks later
 * agree on it.
 *
 * Chosen below the operating system's ephemeral range (Linux's ip_local_port_range, 32768 to 60999 by default): a
 * port that range hands out to whatever listens on port 0 (the stacks' mail sinks and identity providers, Chromium)
 * could be taken between this choice and the server's own listen, which once failed a run with EADDRINUSE. A port
 * below it is never handed out that way, so only a server told its number binds it.
 */
export function freePortSync(): number {
  const script = `
    const net = require('node:net');
    let low = 32768;
    try { low = Number(require('node:fs').readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\\s+/)[0]) || low; } catch {}
    const from = Math.max(1024, low - 12000);
    const tryPort = (left) => {
      const port = from + Math.floor(Math.random() * (low - from));
      const s = net.createServer();
      s.once('error', () => { if (left > 0) tryPort(left - 1); else process.exit(1); });
      s.listen(port, '127.0.0.1', () => { process.stdout.write(String(port)); s.close(); });
    };
    tryPort(200);`;
  return Number(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}
