import { SMTPServer } from 'smtp-server';

/**
 * A local SMTP relay that takes every message and counts it, for the benchmarks that time mail until the
 * relay has it: `until(n)` resolves once it has n in all (what it was handed before the round included).
 */
export async function startCountingRelay() {
  let received = 0;
  let waiting: { n: number; resolve: () => void } | undefined;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => {});
      stream.on('end', () => {
        received++;
        if (waiting && received >= waiting.n) waiting.resolve();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    get received() {
      return received;
    },
    until: (n: number) =>
      received >= n ? Promise.resolve() : new Promise<void>((resolve) => (waiting = { n, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
