import { createServer, connect, type Socket } from 'node:net';

/**
 * A TCP proxy on a free local port to another address, that a test can cut
 * (every connection dropped, new ones refused) and mend: a database outage
 * without touching the database server that others use.
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const pairs = new Set<Socket>();
  /** The app's side of each pair: what it sends while frozen is swallowed, and told to `reached`'s waiters. */
  const appSides = new Set<Socket>();
  let cut = false;
  let frozen = false;
  const held = new Set<Socket>();
  let reachedWaiters: (() => void)[] = [];
  const tellReached = () => {
    const waiters = reachedWaiters;
    reachedWaiters = [];
    for (const w of waiters) w();
  };
  const server = createServer((client) => {
    if (cut) {
      client.destroy();
      return;
    }
    if (frozen) {
      // Accepted and never answered, as a hung server does.
      held.add(client);
      client.on('error', () => {});
      client.on('data', tellReached);
      return;
    }
    const upstream = connect(target.port, target.host);
    appSides.add(client);
    pairs.add(client);
    pairs.add(upstream);
    const drop = () => {
      client.destroy();
      upstream.destroy();
      pairs.delete(client);
      pairs.delete(upstream);
      appSides.delete(client);
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
      // The database never reads what the app sends now; the test may wait for it to be sent.
      for (const s of appSides) s.on('data', tellReached).resume();
    },
    /** Resolves when the app next sends bytes towards the frozen database (a statement, a connection's start). */
    reached: () => new Promise<void>((resolve) => reachedWaiters.push(resolve)),
    mend() {
      cut = false;
      frozen = false;
      // Frozen connections stay dead; the pool drops them after their timeouts and opens new ones.
      for (const s of [...pairs, ...held]) s.destroy();
      pairs.clear();
      appSides.clear();
      held.clear();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of [...pairs, ...held]) s.destroy();
        server.close(() => resolve());
      }),
  };
}
