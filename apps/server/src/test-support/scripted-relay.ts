import { createServer, type Socket } from 'node:net';

/** What the relay does with a message once it has all of it: take it (250), refuse it (an SMTP answer), or drop. */
export type RelayAnswer = 'accept' | 'drop' | `${4 | 5}${number} ${string}`;

export interface RelayedMessage {
  to: string;
  messageId: string;
  answer: RelayAnswer;
}

export interface ScriptedRelayOptions {
  /** How to answer the nth message (1-based) to this address; 'accept' by default. */
  answer?: (to: string, attempt: number) => RelayAnswer;
  /** Runs at RCPT TO, before the relay answers it: what the sender had written by the time it asked the relay. */
  onRecipient?: (to: string) => Promise<void>;
}

/**
 * An SMTP relay that speaks just enough of the protocol for nodemailer, and answers each message as the test
 * scripts it. 'drop' closes the connection once the whole message is in, without a word: the relay has the
 * mail, and the sender never hears so, as when a 250 is lost or the sender dies waiting for it. smtp-sink.ts
 * cannot do that: its answer is given by smtp-server, whole.
 */
export async function startScriptedRelay({ answer = () => 'accept', onRecipient }: ScriptedRelayOptions = {}) {
  const messages: RelayedMessage[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    let buffer = '';
    let inData = false;
    let to = '';
    // Commands are handled one after another, even when a handler waits (onRecipient).
    let turn: Promise<unknown> = Promise.resolve();
    const reply = (line: string) => socket.write(`${line}\r\n`);

    const handle = async (command: string) => {
      const verb = command.slice(0, 4).toUpperCase();
      if (verb === 'EHLO' || verb === 'HELO') return reply('250 relay.test');
      if (verb === 'RCPT') {
        to = /<([^>]*)>/.exec(command)?.[1]?.toLowerCase() ?? '';
        await onRecipient?.(to);
        return reply('250 OK');
      }
      // The message itself is read as it comes (inData, set as the command is read).
      if (verb === 'DATA') return reply('354 End data with <CR><LF>.<CR><LF>');
      if (verb === 'QUIT') {
        reply('221 Bye');
        return void socket.end();
      }
      return reply('250 OK');
    };

    const finishMessage = (data: string) => {
      const attempt = messages.filter((m) => m.to === to).length + 1;
      const given = answer(to, attempt);
      const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(data)?.[1] ?? '';
      messages.push({ to, messageId, answer: given });
      if (given === 'drop') return void socket.destroy();
      reply(given === 'accept' ? '250 OK: queued' : given);
    };

    socket.on('data', (chunk: Buffer) => {
      buffer += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const data = buffer.slice(0, end);
          buffer = buffer.slice(end + 5);
          inData = false;
          turn = turn.then(() => finishMessage(data));
          continue;
        }
        const eol = buffer.indexOf('\r\n');
        if (eol < 0) return;
        const command = buffer.slice(0, eol);
        buffer = buffer.slice(eol + 2);
        if (command.slice(0, 4).toUpperCase() === 'DATA') inData = true;
        turn = turn.then(() => handle(command));
      }
    });
    reply('220 relay.test ESMTP');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    to: (address: string) => messages.filter((m) => m.to === address.toLowerCase()),
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
