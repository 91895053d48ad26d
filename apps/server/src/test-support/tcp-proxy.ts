import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy on a free local port to another address, that a test can cut
 * (every connection dropped, new ones refused) and mend: a database outage
 * without touching the database server that others use.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<Socket>();
  let cut = false;
  let frozen = false;
  const held = new Set<Socket>();
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    if (frozen) {
      // Accepted and never answered, as a hung server does.
      held.add(client);
      client.on('error', () => {});
      return;
    }
    const upstream = connect(target.port, target.host);
    pairs.add(client);
    pairs.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    port,
    /** Drops every open connection and refuses new ones, as a crashed or unreachable server would. */
    cut() {
      cut = true;
      for (const s of pairs) s.destroy();
      pairs.clear();
    },
    /** Keeps every connection open but passes no more bytes either way: a frozen database or network. */
    freeze() {
      frozen = true;
      for (const s of pairs) {
        s.unpipe();
        s.pause();
      }
    },
    mend() {
      cut = false;
      frozen = false;
      // Frozen connections stay dead; the pool drops them after their timeouts and opens new ones.
      for (const s of [...pairs, ...held]) s.destroy();
      pairs.clear();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of [...pairs, ...held]) s.destroy();
        server.close(() => resolve());
      }),
  };
}
