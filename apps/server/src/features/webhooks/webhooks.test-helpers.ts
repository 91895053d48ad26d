import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { CreatedWebhookEndpoint, WebhookDeliveriesResponse } from '@admissions/domain';
import { expectOk, type TestApp, type TestClient } from '../../test-support/test-app';
import { deliverNow } from './webhooks-worker';

/** One request a receiver got: its headers (lower-case names) and its body as sent. */
export interface Received {
  headers: Record<string, string>;
  body: string;
  json: { type: string; timestamp: string; data: Record<string, unknown> };
}

export type Answer = { status: number; body?: string };

/**
 * A webhook receiver on 127.0.0.1, on a port chosen at run time. Each request is kept, then answered by `answer`
 * (200 unless it says otherwise), at once or when the promise it returns settles; the test can change `answer`
 * between deliveries.
 */
export async function startReceiver() {
  const received: Received[] = [];
  const receiver = {
    received,
    answer: (_r: Received): Answer | Promise<Answer> => ({ status: 200, body: 'ok' }),
    url: '',
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
      );
      const one = { headers, body, json: JSON.parse(body) as Received['json'] };
      received.push(one);
      void Promise.resolve(receiver.answer(one)).then(({ status, body: answer = '' }) =>
        res.writeHead(status, { 'content-type': 'text/plain' }).end(answer),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  return receiver;
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** An endpoint made through the console's call, with its secret (shown this once). */
export async function createEndpoint(
  admin: TestClient,
  url: string,
  events: string[],
  description?: string,
): Promise<CreatedWebhookEndpoint> {
  const res = await admin.post('/api/staff/webhooks', { url, events, ...(description ? { description } : {}) });
  if (res.statusCode !== 201) throw new Error(`endpoint not made: ${res.statusCode} ${res.body}`);
  return res.json<CreatedWebhookEndpoint>();
}

/** The endpoint's delivery log, as the console reads it. */
export async function deliveriesOf(admin: TestClient, endpointId: string) {
  return (
    await expectOk(await admin.get(`/api/staff/webhooks/${endpointId}/deliveries`))
  ).json<WebhookDeliveriesResponse>().deliveries;
}

/** The deliveries due at the test clock's time, sent now (what the worker's next tick would send). */
export const deliverDue = (t: TestApp) => deliverNow(t.deps);
