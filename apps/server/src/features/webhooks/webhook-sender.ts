import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { hostOf, isRefusedAddress } from './webhook-address';

/** A receiver has this long to answer, headers and body together. */
export const SEND_TIMEOUT_MS = 10_000;
/** The first bytes of an answer kept in the delivery log. */
const EXCERPT_BYTES = 300;

/** The connection was refused before it was made: the address is one webhooks may not reach. */
class AddressRefusedError extends Error {
  readonly code = 'WEBHOOK_ADDRESS_REFUSED';
}

type LookupCallback = (err: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * The resolver the connections use: the name resolved once, every address checked, and the connection made to an
 * address that was checked, so a name cannot resolve to a public address for a check and to a private one for the
 * connection (DNS rebinding). Any refused address refuses the name: which one the connection would take is not ours
 * to know. An IP literal is never looked up, so the sender checks it itself.
 */
function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    lookup(hostname, { all: true, family: options.family }, (err, addresses) => {
      if (err) return callback(err, []);
      if (!allowPrivate && addresses.some((a) => isRefusedAddress(a.address)))
        return callback(new AddressRefusedError(`${hostname} resolves to an address webhooks may not reach`), []);
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

/** Connections kept to one receiver (an origin) by a process. */
const CONNECTIONS_PER_RECEIVER = 50;

/** One connection pool a process for each setting: its sockets are kept alive between deliveries to a receiver. */
const agents = new Map<boolean, Agent>();
function agentFor(allowPrivate: boolean): Agent {
  let agent = agents.get(allowPrivate);
  if (!agent) {
    agent = new Agent({
      connect: { lookup: checkedLookup(allowPrivate), timeout: SEND_TIMEOUT_MS },
      // As many as the worker keeps POSTs in flight (delivery-pass.ts WINDOW): a POST started as the last one's
      // answer ends reuses its connection rather than opening another while undici frees it.
      connections: CONNECTIONS_PER_RECEIVER,
    });
    agents.set(allowPrivate, agent);
  }
  return agent;
}

export interface SendOutcome {
  /** The receiver's status; null when no answer came. */
  statusCode: number | null;
  /** The answer's first bytes, or what went wrong. */
  excerpt: string;
  durationMs: number;
}

/**
 * The key a `whsec_…` signing secret stands for: the bytes of its base64 (Standard Webhooks), as a KeyObject made
 * once: HMAC with it costs about a sixth of HMAC with the bytes (2 µs against 12.5).
 */
export const signingKeyOf = (secret: string): KeyObject =>
  createSecretKey(Buffer.from(secret.startsWith('whsec_') ? secret.slice('whsec_'.length) : secret, 'base64'));

/**
 * The `webhook-signature` of a message, as the `standardwebhooks` package's `sign` makes it (`v1,` and the base64
 * HMAC-SHA256 of `id.timestamp.payload`), by node:crypto's native HMAC rather than the package's JavaScript SHA-256:
 * the same bytes for about a third of the CPU (2 µs against 6.6). The tests verify it with the package's own `verify`.
 */
export const signatureOf = (key: KeyObject, msgId: string, timestamp: Date, payload: string): string =>
  `v1,${createHmac('sha256', key)
    .update(`${msgId}.${Math.floor(timestamp.getTime() / 1000)}.${payload}`)
    .digest('base64')}`;

export interface SignedMessage {
  url: string;
  /** The signing key (signingKeyOf the endpoint's secret, opened for this pass). */
  key: KeyObject;
  /** The webhook-id: the event's id, the same on every try and every resend. */
  msgId: string;
  payload: string;
}

/** Text that PostgreSQL stores: no NUL, whatever a receiver answered. */
const storable = (text: string) => text.replaceAll('\u0000', '');

/**
 * Signs a message as Standard Webhooks does and POSTs it: no redirect followed (a 3xx is an answer like any other),
 * at most SEND_TIMEOUT_MS. The signature's timestamp is the moment of sending by the process's own clock, which the
 * receiver compares with its own to refuse a replay; the product's business time (deps.clock) decides only when a
 * delivery is due.
 */
export async function sendSigned(message: SignedMessage, allowPrivate: boolean): Promise<SendOutcome> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  // One timer for the whole try, headers and body: a plain timer cleared as the try ends, cheaper than
  // AbortSignal.timeout (about 3 % of the worker's time in a profile of the bench). Its reason is the TimeoutError
  // AbortSignal.timeout gives, so failureText reads it the same.
  const abort = new AbortController();
  const timer = setTimeout(
    () => abort.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
    SEND_TIMEOUT_MS,
  );
  try {
    const url = new URL(message.url);
    const host = hostOf(url);
    if (!allowPrivate && isIP(host) && isRefusedAddress(host))
      throw new AddressRefusedError(`${host} is an address webhooks may not reach`);
    const timestamp = new Date();
    const signature = signatureOf(message.key, message.msgId, timestamp, message.payload);
    const res = await request(url, {
      method: 'POST',
      dispatcher: agentFor(allowPrivate),
      headers: {
        'content-type': 'application/json',
        'user-agent': 'admissions-portal-webhooks/1',
        'webhook-id': message.msgId,
        'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
        'webhook-signature': signature,
      },
      body: message.payload,
      signal: abort.signal,
      headersTimeout: SEND_TIMEOUT_MS,
      bodyTimeout: SEND_TIMEOUT_MS,
    });
    const excerpt = await readExcerpt(res.body);
    return { statusCode: res.statusCode, excerpt: storable(excerpt), durationMs: took() };
  } catch (err) {
    return { statusCode: null, excerpt: storable(failureText(err)).slice(0, EXCERPT_BYTES), durationMs: took() };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The answer's first bytes; the rest is not waited for (the stream is closed once enough has come). A receiver that
 * answered and then broke off keeps its status, with what came of its body. Read by its events rather than an async
 * iterator, which showed in a profile of the bench at about 4 % of the worker's time.
 */
function readExcerpt(body: Readable): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let length = 0;
    const done = () => {
      body.off('data', onData).off('end', done).off('close', done);
      resolve(Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8'));
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      length += chunk.length;
      if (length >= EXCERPT_BYTES) {
        done();
        body.destroy();
      }
    };
    // An error ends the body (its 'close' follows): what came of it stands, and it is never thrown.
    body.on('error', () => undefined);
    body.on('data', onData).once('end', done).once('close', done);
  });
}

/** What went wrong, in the log's words: never a secret (the error is about the connection, not the message). */
function failureText(err: unknown): string {
  const error = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.code === 'WEBHOOK_ADDRESS_REFUSED' || error.cause?.code === 'WEBHOOK_ADDRESS_REFUSED')
    return `Refused: ${error.cause?.message ?? error.message}`;
  if (
    error.name === 'TimeoutError' ||
    error.code === 'UND_ERR_HEADERS_TIMEOUT' ||
    error.code === 'UND_ERR_BODY_TIMEOUT'
  )
    return `No answer within ${SEND_TIMEOUT_MS / 1000} s`;
  const code = error.cause?.code ?? error.code;
  return `No answer: ${code ? `${code} ` : ''}${error.cause?.message ?? error.message ?? String(err)}`.trim();
}
