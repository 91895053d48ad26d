import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * The tests' stand-in for the payment provider (issue 43): a small HTTP server on a random loopback port
 * answering the few calls the product makes, with the shapes of Stripe's documented API (a Checkout Session,
 * a Refund, its error object), and sending webhooks signed as Stripe signs them (the SDK's
 * `generateTestHeaderString`). The product reaches it through the real SDK (STRIPE_API_URL). A browser can
 * pay on its `/pay/{id}` page, which stands in for the hosted Checkout page.
 */
export interface StandInSession {
  id: string;
  object: 'checkout.session';
  mode: 'payment';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'unpaid' | 'paid';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  success_url: string;
  cancel_url: string;
  url: string | null;
  expires_at: number;
  created: number;
  livemode: false;
}

export interface StandInOptions {
  /** The signing secret shared with the product (STRIPE_WEBHOOK_SECRET). */
  webhookSecret: string;
  /** Where its events go (the product's POST /api/payments/webhook); settable later. */
  webhookUrl?: string;
  /** The instant it signs with and stamps objects with: the test clock's. */
  now?: () => Date;
  /**
   * Awaited after the stand-in has done an API call (the session exists, its idempotency key is kept) and before
   * it answers: a test can kill the product's process there, between the provider's answer and the product's
   * commit (checkout-crash.test.ts).
   */
  beforeAnswer?: (path: string, method: string) => Promise<void>;
  /** Asked before each delivery when the product's clock lives in another process (the browser journeys' server). */
  signingTime?: () => Promise<Date>;
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;

export async function startStripeStandIn(options: StandInOptions) {
  const now = options.now ?? (() => new Date());
  const seconds = () => Math.floor(now().getTime() / 1000);
  const sessions = new Map<string, StandInSession>();
  const charges = new Map<string, { amount: number; amount_refunded: number; payment_intent: string }>();
  const idempotent = new Map<string, { status: number; body: unknown; params: string }>();
  const requests: {
    method: string;
    path: string;
    idempotencyKey: string | undefined;
    body: Record<string, unknown>;
  }[] = [];
  const signer = new Stripe('sk_test_stand_in');
  let webhookUrl = options.webhookUrl;
  let failNext = 0;
  let eventCount = 0;

  const server = createServer((req, res) => {
    void handle(req, res).catch((err: unknown) =>
      send(res, 500, { error: { type: 'api_error', message: String(err) } }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const raw = await readBody(req);
    const body = parseForm(raw);
    const key = header(req, 'idempotency-key');
    if (url.pathname.startsWith('/v1/')) {
      requests.push({ method: req.method ?? '', path: url.pathname, idempotencyKey: key, body });
      if (header(req, 'authorization') !== 'Bearer sk_test_stand_in_key')
        return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
      if (failNext > 0) {
        failNext--;
        return send(res, 500, { error: { type: 'api_error', message: 'The stand-in was told to fail.' } });
      }
    }
    const api = url.pathname.startsWith('/v1/');
    if (req.method === 'POST' && key && idempotent.has(`${url.pathname}:${key}`)) {
      const kept = idempotent.get(`${url.pathname}:${key}`)!;
      // As Stripe does: a key is replayed only for the parameters it was first sent with.
      if (kept.params !== raw)
        return send(res, 400, {
          error: {
            type: 'idempotency_error',
            message: `Keys for idempotent requests can only be used with the same parameters they were first used with.`,
          },
        });
      if (api) await options.beforeAnswer?.(url.pathname, req.method);
      return send(res, kept.status, kept.body, { 'Idempotent-Replayed': 'true' });
    }
    const answer = route(req.method ?? 'GET', url, body);
    if (answer.html !== undefined) {
      res.writeHead(answer.status, { 'Content-Type': 'text/html; charset=utf-8', ...(answer.headers ?? {}) });
      res.end(answer.html);
      return;
    }
    if (req.method === 'POST' && key)
      idempotent.set(`${url.pathname}:${key}`, { status: answer.status, body: answer.body, params: raw });
    if (api) await options.beforeAnswer?.(url.pathname, req.method ?? 'GET');
    send(res, answer.status, answer.body, answer.headers);
  }

  type Answer = {
    status: number;
    body?: unknown;
    html?: string;
    headers?: Record<string, string>;
  };

  function route(method: string, url: URL, body: Record<string, unknown>): Answer {
    const path = url.pathname;
    if (method === 'POST' && path === '/v1/checkout/sessions') return { status: 200, body: createSession(body) };
    const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path);
    if (method === 'GET' && sessionMatch) {
      const session = sessions.get(decodeURIComponent(sessionMatch[1]!));
      return session ? { status: 200, body: session } : missing('checkout.session');
    }
    if (method === 'POST' && path === '/v1/refunds') return createRefund(body);
    const payMatch = /^\/pay\/([^/]+)$/.exec(path);
    if (payMatch) return payPage(method, decodeURIComponent(payMatch[1]!));
    return missing('route');
  }

  function createSession(body: Record<string, unknown>): StandInSession {
    const item = ((body.line_items as Record<string, unknown>[] | undefined) ?? [])[0] ?? {};
    const price = (item.price_data as Record<string, unknown> | undefined) ?? {};
    const amount = Number(price.unit_amount ?? 0) * Number(item.quantity ?? 1);
    const sessionId = id('cs');
    const session: StandInSession = {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      status: 'open',
      payment_status: 'unpaid',
      amount_subtotal: amount,
      amount_total: amount,
      currency: String(price.currency ?? 'usd'),
      client_reference_id: (body.client_reference_id as string | undefined) ?? null,
      customer_email: (body.customer_email as string | undefined) ?? null,
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      payment_intent: null,
      success_url: String(body.success_url ?? ''),
      cancel_url: String(body.cancel_url ?? ''),
      url: `${base}/pay/${sessionId}`,
      // Stripe's default: a session can be paid for 24 hours.
      expires_at: seconds() + 24 * 3600,
      created: seconds(),
      livemode: false,
    };
    sessions.set(sessionId, session);
    return session;
  }

  function createRefund(body: Record<string, unknown>): Answer {
    const intent = String(body.payment_intent ?? '');
    const charge = charges.get(intent);
    if (!charge) return missing('payment_intent');
    const amount = body.amount === undefined ? charge.amount - charge.amount_refunded : Number(body.amount);
    if (amount > charge.amount - charge.amount_refunded)
      return {
        status: 400,
        body: {
          error: {
            type: 'invalid_request_error',
            code: 'charge_already_refunded',
            message: `Refund amount (${amount}) is greater than unrefunded amount on charge.`,
          },
        },
      };
    charge.amount_refunded += amount;
    const refund = {
      id: id('re'),
      object: 'refund',
      amount,
      currency: 'usd',
      payment_intent: intent,
      status: 'succeeded',
      metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      created: seconds(),
    };
    return { status: 200, body: refund };
  }

  /** The hosted page: "Pay" completes the session, sends its webhook, and goes back to the success URL. */
  function payPage(method: string, sessionId: string): Answer {
    const session = sessions.get(sessionId);
    if (!session) return { status: 404, html: '<!doctype html><title>Not found</title><p>No such session.</p>' };
    if (method === 'POST') {
      complete(session.id);
      return {
        status: 303,
        html: '',
        headers: { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) },
      };
    }
    const dollars = (session.amount_total / 100).toFixed(2);
    return {
      status: 200,
      html: `<!doctype html><html lang="en"><head><title>Pay ${dollars}</title></head><body><main>
<h1>Test payment</h1><p>Amount: $${dollars}</p>
<form method="post"><button type="submit">Pay $${dollars}</button></form>
<p><a href="${session.cancel_url}">Cancel</a></p></main></body></html>`,
    };
  }

  /** Marks a session paid (optionally for another amount than asked), as a card payment on the page would. */
  function complete(sessionId: string, opts: { amount?: number; deliver?: boolean } = {}): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'complete') {
      session.status = 'complete';
      session.payment_status = 'paid';
      session.payment_intent = id('pi');
      if (opts.amount !== undefined) session.amount_total = opts.amount;
      charges.set(session.payment_intent, {
        amount: session.amount_total,
        amount_refunded: 0,
        payment_intent: session.payment_intent,
      });
    }
    if (opts.deliver !== false && webhookUrl) void deliver(event('checkout.session.completed', session));
    return session;
  }

  function expire(sessionId: string): StandInSession {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    session.status = 'expired';
    session.url = null;
    return session;
  }

  /** An event as Stripe sends it: its own id, the object as it is now. */
  function event(type: string, object: unknown) {
    eventCount++;
    return {
      id: `evt_test_${eventCount}_${randomBytes(6).toString('hex')}`,
      object: 'event',
      api_version: '2026-10-28.endive',
      created: seconds(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
      data: { object: structuredClone(object) },
    };
  }

  /** The charge of a paid session as `charge.refunded` carries it. */
  function chargeOf(paymentIntent: string) {
    const charge = charges.get(paymentIntent);
    if (!charge) throw new Error(`no charge for ${paymentIntent}`);
    return {
      id: `ch_${paymentIntent.slice(3)}`,
      object: 'charge',
      amount: charge.amount,
      amount_refunded: charge.amount_refunded,
      refunded: charge.amount_refunded >= charge.amount,
      payment_intent: paymentIntent,
      currency: 'usd',
    };
  }

  /** A body and its Stripe-Signature header, signed with the shared secret (or another, to forge one). */
  function signed(payload: unknown, secret = options.webhookSecret, at = now()) {
    const body = JSON.stringify(payload);
    const timestamp = Math.floor(at.getTime() / 1000);
    return { body, signature: signer.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }) };
  }

  /** POSTs an event to the webhook URL, signed; answers the product's status and body. */
  async function deliver(payload: unknown, secret?: string) {
    if (!webhookUrl) throw new Error('no webhook URL');
    const at = options.signingTime ? await options.signingTime() : now();
    const { body, signature } = signed(payload, secret, at);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Stripe-Signature': signature },
      body,
    });
    return { status: res.status, body: await res.text() };
  }

  return {
    url: base,
    apiKey: 'sk_test_stand_in_key',
    sessions,
    requests,
    setWebhookUrl: (next: string | undefined) => {
      webhookUrl = next;
    },
    /** The next n API calls answer 500, as a provider outage would. */
    failNext: (n: number) => {
      failNext = n;
    },
    complete,
    expire,
    event,
    chargeOf,
    signed,
    deliver,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type StripeStandIn = Awaited<ReturnType<typeof startStripeStandIn>>;

function header(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': id('req'), ...headers });
  res.end(body === undefined ? '' : JSON.stringify(body));
}

function missing(what: string) {
  return {
    status: 404,
    body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${what}` } },
  };
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Stripe's form encoding (`a[b][0][c]=1`) into nested objects and arrays. */
function parseForm(raw: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = out;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) container[slot] = value;
      else {
        container[slot] ??= nextIsIndex ? [] : {};
        node = container[slot] as Record<string, unknown>;
      }
    });
  }
  return out;
}
