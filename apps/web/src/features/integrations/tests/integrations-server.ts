import type {
  ApiToken,
  ExportSummary,
  StaffMeResponse,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from '@admissions/domain';
import { json, stubFetch, type SeenRequest } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { consoleServer, me } from '../../staff/tests/console-server';

/** 9:00 am in Chicago, the tenant's zone (test/fixtures.ts). */
export const AT = '2026-11-02T15:00:00.000Z';
export const ADMIN = me('dean@college.test', ['admin'], null, 'Dean Admin');

export function apiToken(over: Partial<ApiToken> = {}): ApiToken {
  return {
    id: 'tok-1',
    name: 'Banner nightly import',
    scopes: ['applications:read'],
    programs: null,
    prefix: 'adm_4f2a',
    created_at: AT,
    created_by: 'dean@college.test',
    expires_at: null,
    last_used_at: null,
    revoked_at: null,
    ...over,
  };
}

export function endpoint(over: Partial<WebhookEndpoint> = {}): WebhookEndpoint {
  return {
    id: 'wh-1',
    url: 'https://sis.college.test/hooks/admissions',
    events: ['decision.released'],
    description: 'Banner sync',
    created_at: AT,
    created_by: 'dean@college.test',
    disabled_at: null,
    disabled_reason: null,
    failed_count: 0,
    pending_count: 0,
    ...over,
  };
}

export function delivery(over: Partial<WebhookDelivery> = {}): WebhookDelivery {
  return {
    id: 'del-1',
    event_id: 'evt-1',
    event_type: 'decision.released',
    application_id: '11111111-1111-4111-8111-111111111111',
    state: 'failed',
    created_at: AT,
    next_attempt_at: null,
    attempts: [
      {
        attempt: 1,
        at: '2026-11-02T15:00:05.000Z',
        status_code: 500,
        response_excerpt: 'upstream timed out',
        duration_ms: 1234,
      },
    ],
    ...over,
  };
}

export function exportSummary(over: Partial<ExportSummary> = {}): ExportSummary {
  return {
    name: 'admitted-daily',
    at: '02:30',
    destination: 'sftp://export@sftp.college.test:22/incoming/',
    columns: ['external_ids.banner', 'first_name', 'last_name'],
    next_run_at: '2026-11-03T08:30:00.000Z',
    runs: [],
    ...over,
  };
}

type Handlers = Parameters<typeof stubFetch>[0];

/**
 * The integration calls over in-memory state, as the server answers them: tokens created with a secret (answered
 * once) and revoked, endpoints added with a signing secret, removed and tested, deliveries sent again (a new delivery
 * of the same event, delivered), exports run now. Override single calls with `extra`.
 */
export function integrationsServer(
  state: {
    tokens?: ApiToken[];
    endpoints?: WebhookEndpoint[];
    deliveries?: Record<string, WebhookDelivery[]>;
    exports?: ExportSummary[];
  } = {},
) {
  const tokens = [...(state.tokens ?? [])];
  const endpoints = [...(state.endpoints ?? [])];
  const deliveries: Record<string, WebhookDelivery[]> = { ...state.deliveries };
  const exports = [...(state.exports ?? [])];
  let made = 0;
  const handlers: Handlers = {
    'GET /api/staff/api-tokens': () => json({ tokens }),
    'POST /api/staff/api-tokens': ({ body }: SeenRequest) => {
      const b = body as { name: string; scopes: ApiToken['scopes']; programs?: string[]; expires_at?: string };
      made += 1;
      const token = apiToken({
        id: `tok-new-${made}`,
        name: b.name,
        scopes: b.scopes,
        programs: b.programs ?? null,
        expires_at: b.expires_at ?? null,
        prefix: 'adm_9c1e',
      });
      tokens.unshift(token);
      return json({ ...token, secret: 'adm_9c1e_s3cr3t-shown-once' }, 201);
    },
    'GET /api/staff/webhooks': () => json({ endpoints }),
    'POST /api/staff/webhooks': ({ body }: SeenRequest) => {
      const b = body as { url: string; events: WebhookEventType[]; description?: string };
      made += 1;
      const created = endpoint({
        id: `wh-new-${made}`,
        url: b.url,
        events: b.events,
        description: b.description ?? null,
      });
      endpoints.push(created);
      deliveries[created.id] = [];
      return json({ ...created, secret: 'whsec_c2VjcmV0LXNob3duLW9uY2U=' }, 201);
    },
    'GET /api/staff/exports': () => json({ exports }),
  };
  for (const t of tokens) {
    handlers[`DELETE /api/staff/api-tokens/${t.id}`] = () => {
      const at = tokens.findIndex((x) => x.id === t.id);
      tokens[at] = { ...tokens[at]!, revoked_at: '2026-11-02T16:00:00.000Z' };
      return new Response(null, { status: 204 });
    };
  }
  for (const e of endpoints) {
    const base = `/api/staff/webhooks/${e.id}`;
    handlers[`DELETE ${base}`] = () => {
      endpoints.splice(
        endpoints.findIndex((x) => x.id === e.id),
        1,
      );
      return new Response(null, { status: 204 });
    };
    handlers[`GET ${base}/deliveries`] = () => json({ deliveries: deliveries[e.id] ?? [] });
    handlers[`POST ${base}/test`] = () => {
      const sent = delivery({
        id: `del-test-${(deliveries[e.id] ?? []).length + 1}`,
        event_type: 'webhook.test',
        application_id: null,
        state: 'succeeded',
        attempts: [{ attempt: 1, at: AT, status_code: 204, response_excerpt: '', duration_ms: 12 }],
      });
      deliveries[e.id] = [sent, ...(deliveries[e.id] ?? [])];
      return json({ delivery_id: sent.id }, 202);
    };
    for (const d of deliveries[e.id] ?? []) {
      handlers[`POST ${base}/deliveries/${d.id}/resend`] = () => {
        // As the server does: a new delivery of the same event (the same webhook-id), here delivered at once.
        const again = delivery({
          ...d,
          id: `${d.id}-again`,
          state: 'succeeded',
          created_at: '2026-11-02T16:10:00.000Z',
          attempts: [
            { attempt: 1, at: '2026-11-02T16:10:00.000Z', status_code: 200, response_excerpt: 'ok', duration_ms: 48 },
          ],
        });
        deliveries[e.id] = [again, ...(deliveries[e.id] ?? [])];
        return json({ delivery_id: again.id }, 202);
      };
    }
  }
  for (const x of exports) {
    handlers[`POST /api/staff/exports/${x.name}/run`] = () => {
      const at = exports.findIndex((y) => y.name === x.name);
      const run = {
        id: `run-${x.runs.length + 1}`,
        date: '2026-11-02',
        started_at: '2026-11-02T16:20:00.000Z',
        finished_at: '2026-11-02T16:20:03.000Z',
        state: 'succeeded' as const,
        file_name: `${x.name}-2026-11-02.csv`,
        rows: 42,
        attempts: 1,
        error: null,
        started_by: 'dean@college.test',
        next_attempt_at: null,
      };
      exports[at] = { ...exports[at]!, runs: [run, ...exports[at]!.runs] };
      return json(run, 202);
    };
  }
  return { handlers, tokens, endpoints, deliveries, exports };
}

/** The console for `who` at `path` (the integrations page unless told), over `server`'s calls and `extra`. */
export function openIntegrations(
  who: StaffMeResponse = ADMIN,
  server = integrationsServer(),
  extra: Handlers = {},
  path = '/staff/integrations',
) {
  setLoggedInCookie();
  const net = stubFetch({ ...consoleServer(who).handlers, ...server.handlers, ...extra });
  return { ...renderApp(path), ...net };
}
