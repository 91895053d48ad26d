import { createHmac, createSecretKey, type KeyObject } from 'node:crypto';
import { lookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, type Dispatcher } from 'undici';
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
  /** The endpoint's address; a pass that sends many to one endpoint parses it once. */
  url: string | URL;
  /** The signing key (signingKeyOf the endpoint's secret, opened for this pass). */
  key: KeyObject;
  /** The webhook-id: the event's id, the same on every try and every resend. */
  msgId: string;
  payload: string;
}

/** Text that PostgreSQL stores: no NUL, whatever a receiver answered. */
const storable = (text: string) => text.replaceAll('\u0000', '');

/** Why the product stops a try itself: enough of the answer has come for the log, or its time is up. */
class TryEnded extends Error {
  readonly code = 'WEBHOOK_TRY_ENDED';
}

/**
 * One try, as undici's dispatcher calls it back (its DispatchHandler): the status, the answer's first EXCERPT_BYTES
 * (the rest is not waited for), or what went wrong. A handler object rather than `request()`, whose body stream,
 * promise and abort signal cost a try several microseconds of the worker's one core (docs/performance/webhooks.md).
 */
class TryHandler implements Dispatcher.DispatchHandler {
  private status: number | null = null;
  private readonly chunks: Buffer[] = [];
  private length = 0;
  private controller: Dispatcher.DispatchController | undefined;
  private done = false;
  /** performance.now() after which the try is given up (the sweep below). */
  readonly deadline: number;

  constructor(
    private readonly started: number,
    private readonly resolve: (outcome: SendOutcome) => void,
  ) {
    this.deadline = started + SEND_TIMEOUT_MS;
  }

  onRequestStart(controller: Dispatcher.DispatchController): void {
    this.controller = controller;
    if (this.done) controller.abort(new TryEnded());
  }

  onResponseStart(_controller: Dispatcher.DispatchController, statusCode: number): void {
    this.status = statusCode;
  }

  onResponseData(controller: Dispatcher.DispatchController, chunk: Buffer): void {
    this.chunks.push(chunk);
    this.length += chunk.length;
    if (this.length >= EXCERPT_BYTES) {
      this.answered();
      controller.abort(new TryEnded());
    }
  }

  onResponseEnd(): void {
    this.answered();
  }

  onResponseError(_controller: Dispatcher.DispatchController, error: Error): void {
    this.failed(error);
  }

  /** A receiver that answered and then broke off keeps its status, with what came of its body. */
  failed(error: unknown): void {
    if (this.status !== null) this.answered();
    else this.finish(null, failureText(error));
  }

  /** The whole try, connection, headers and body, took longer than SEND_TIMEOUT_MS. */
  timeOut(): void {
    if (this.status !== null) this.answered();
    else this.finish(null, `No answer within ${SEND_TIMEOUT_MS / 1000} s`);
    this.controller?.abort(new TryEnded());
  }

  private answered(): void {
    const excerpt = Buffer.concat(this.chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
    this.finish(this.status, excerpt);
  }

  private finish(statusCode: number | null, text: string): void {
    if (this.done) return;
    this.done = true;
    tries.delete(this);
    this.resolve({
      statusCode,
      excerpt: storable(text).slice(0, EXCERPT_BYTES),
      durationMs: Math.round(performance.now() - this.started),
    });
  }
}

/**
 * The tries under way in this process, given up by one sweep every SWEEP_MS once past their deadline: one timer for
 * them all rather than one set and cleared at every try.
 */
const tries = new Set<TryHandler>();
const SWEEP_MS = 250;
let sweeper: NodeJS.Timeout | undefined;
function watch(handler: TryHandler) {
  tries.add(handler);
  sweeper ??= setInterval(() => {
    const now = performance.now();
    for (const t of tries) if (now >= t.deadline) t.timeOut();
    if (tries.size === 0) {
      clearInterval(sweeper);
      sweeper = undefined;
    }
  }, SWEEP_MS).unref();
}

/**
 * Signs a message as Standard Webhooks does and POSTs it: no redirect followed (a 3xx is an answer like any other),
 * at most SEND_TIMEOUT_MS (and one sweep) for the whole try. The signature's timestamp is the moment of sending by the
 * process's own clock, which the receiver compares with its own to refuse a replay; the product's business time
 * (deps.clock) decides only when a delivery is due. Never throws: what went wrong is the outcome.
 */
export function sendSigned(message: SignedMessage, allowPrivate: boolean): Promise<SendOutcome> {
  return new Promise<SendOutcome>((resolve) => sendSignedThen(message, allowPrivate, resolve));
}

/** sendSigned with a callback, called once with the outcome: no promise a try, for a worker's window of sends. */
export function sendSignedThen(message: SignedMessage, allowPrivate: boolean, done: (outcome: SendOutcome) => void) {
  // An outcome known before dispatch returns (a refused address, a closed pool) is told on the next microtask: the
  // caller's own step is not entered again from within itself.
  let dispatching = true;
  const handler = new TryHandler(performance.now(), (outcome) =>
    dispatching ? queueMicrotask(() => done(outcome)) : done(outcome),
  );
  try {
    const url = typeof message.url === 'string' ? new URL(message.url) : message.url;
    const host = hostOf(url);
    if (!allowPrivate && isIP(host) && isRefusedAddress(host))
      throw new AddressRefusedError(`${host} is an address webhooks may not reach`);
    const timestamp = new Date();
    watch(handler);
    agentFor(allowPrivate).dispatch(
      {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'admissions-portal-webhooks/1',
          'webhook-id': message.msgId,
          'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
          'webhook-signature': signatureOf(message.key, message.msgId, timestamp, message.payload),
        },
        body: message.payload,
        headersTimeout: SEND_TIMEOUT_MS,
        bodyTimeout: SEND_TIMEOUT_MS,
      },
      handler,
    );
  } catch (err) {
    handler.failed(err);
  }
  dispatching = false;
}

/** What went wrong, in the log's words: never a secret (the error is about the connection, not the message). */
function failureText(err: unknown): string {
  const error = err as { name?: string; code?: string; message?: string; cause?: { code?: string; message?: string } };
  if (error.code === 'WEBHOOK_ADDRESS_REFUSED' || error.cause?.code === 'WEBHOOK_ADDRESS_REFUSED')
    return `Refused: ${error.cause?.message ?? error.message}`;
  if (error.code === 'UND_ERR_HEADERS_TIMEOUT' || error.code === 'UND_ERR_BODY_TIMEOUT')
    return `No answer within ${SEND_TIMEOUT_MS / 1000} s`;
  const code = error.cause?.code ?? error.code;
  return `No answer: ${code ? `${code} ` : ''}${error.cause?.message ?? error.message ?? String(err)}`.trim();
}
