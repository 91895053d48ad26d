import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_EVENT_TYPES,
  type CreatedWebhookEndpoint,
  type WebhookDeliveryQueued,
  type WebhookDeliveriesResponse,
  type WebhookEndpointsResponse,
  type WebhookEventType,
} from '@admissions/domain';
import { webhookEndpointBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../http/is-uuid';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { requireFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { checkEndpointUrl } from './webhook-address';
import { listDeliveries, queueResend, queueTestDelivery } from './webhook-deliveries';
import { findEndpoint, insertEndpoint, listEndpoints, removeEndpoint } from './webhook-endpoints';
import { newSigningSecret, sealSigningSecret } from './webhook-secret';
import { wakeWebhooksWorker } from './webhooks-worker';

type EndpointParams = { id: string };
type DeliveryParams = { id: string; delivery_id: string };

/** The events asked for, each one the product sends, once each; an unknown one is named in the refusal. */
function eventsOf(asked: readonly string[]): WebhookEventType[] {
  const known = new Set<string>(WEBHOOK_EVENT_TYPES);
  const unknown = asked.filter((e) => !known.has(e));
  if (unknown.length)
    throw new AppError('WEBHOOK_EVENT_UNKNOWN', {
      message: `The product sends no event named ${unknown.map((e) => `"${e}"`).join(', ')}.`,
      errors: { events: unknown },
    });
  return [...new Set(asked)] as WebhookEventType[];
}

/**
 * The webhook endpoints (issue 45), inside the /api/staff scope: administrators (manage_team) add, list and remove
 * them, send a test event, read each one's delivery log and send a delivery again. Every call is in the audit log,
 * each write in the same transaction as the change. Adding or removing an endpoint asks for a fresh sign-in: it
 * decides where the applicants' data goes.
 */
export function webhookRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  const manage = { preHandler: requireRight(deps, 'manage_team') };
  const change = { preHandler: [requireRight(deps, 'manage_team'), requireFreshSignIn(deps)] };
  const endpointOr404 = async (id: string) => {
    const endpoint = isUuid(id) ? await findEndpoint(deps.db, id.toLowerCase()) : null;
    if (!endpoint) throw new AppError('NOT_FOUND');
    return endpoint;
  };

  return async (app: FastifyInstance) => {
    app.get('/webhooks', manage, async (req): Promise<WebhookEndpointsResponse> => {
      const endpoints = await listEndpoints(deps.db);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-webhooks', { endpoints: endpoints.length }, now());
      return { endpoints };
    });

    app.post('/webhooks', change, async (req, reply): Promise<CreatedWebhookEndpoint> => {
      const body = parseBody(webhookEndpointBody, req.body);
      const url = await checkEndpointUrl(body.url, deps.config.integrations);
      const events = eventsOf(body.events);
      const staff = staffOf(req);
      const id = randomUUID();
      const secret = newSigningSecret();
      const description = body.description || null;
      await deps.db.transaction(async (tx) => {
        const secretSealed = sealSigningSecret(deps.secretKey, id, secret);
        await insertEndpoint(
          tx,
          { id, url: url.href, events, description, secretSealed, createdBy: staff.email },
          now(),
        );
        await recordStaffRead(tx, staff, null, 'webhook-create', { endpoint_id: id, url: url.href, events }, now());
      });
      reply.code(201);
      return { ...(await endpointOr404(id)), secret };
    });

    app.delete<{ Params: EndpointParams }>('/webhooks/:id', change, async (req, reply) => {
      const endpoint = await endpointOr404(req.params.id);
      await deps.db.transaction(async (tx) => {
        if (!(await removeEndpoint(tx, endpoint.id, now()))) throw new AppError('NOT_FOUND');
        await recordStaffRead(
          tx,
          staffOf(req),
          null,
          'webhook-delete',
          { endpoint_id: endpoint.id, url: endpoint.url },
          now(),
        );
      });
      return reply.code(204).send();
    });

    app.post<{ Params: EndpointParams }>('/webhooks/:id/test', manage, async (req, reply) => {
      const endpoint = await endpointOr404(req.params.id);
      if (endpoint.disabled_at) throw new AppError('WEBHOOK_DISABLED');
      const deliveryId = await deps.db.transaction(async (tx) => {
        const id = await queueTestDelivery(tx, endpoint.id, now());
        await recordStaffRead(
          tx,
          staffOf(req),
          null,
          'webhook-test',
          { endpoint_id: endpoint.id, delivery_id: id },
          now(),
        );
        return id;
      });
      await wakeWebhooksWorker(deps);
      return reply.code(202).send({ delivery_id: deliveryId } satisfies WebhookDeliveryQueued);
    });

    app.get<{ Params: EndpointParams }>(
      '/webhooks/:id/deliveries',
      manage,
      async (req): Promise<WebhookDeliveriesResponse> => {
        const endpoint = await endpointOr404(req.params.id);
        const deliveries = await listDeliveries(deps.db, endpoint.id);
        await recordStaffRead(
          deps.db,
          staffOf(req),
          null,
          'view-webhooks',
          { part: 'deliveries', endpoint_id: endpoint.id, deliveries: deliveries.length },
          now(),
        );
        return { deliveries };
      },
    );

    app.post<{ Params: DeliveryParams }>('/webhooks/:id/deliveries/:delivery_id/resend', manage, async (req, reply) => {
      const endpoint = await endpointOr404(req.params.id);
      if (endpoint.disabled_at) throw new AppError('WEBHOOK_DISABLED');
      const asked = req.params.delivery_id;
      const deliveryId = await deps.db.transaction(async (tx) => {
        const id = isUuid(asked) ? await queueResend(tx, endpoint.id, asked.toLowerCase(), now()) : null;
        if (!id) throw new AppError('NOT_FOUND');
        await recordStaffRead(
          tx,
          staffOf(req),
          null,
          'webhook-resend',
          { endpoint_id: endpoint.id, delivery_id: asked.toLowerCase(), new_delivery_id: id },
          now(),
        );
        return id;
      });
      await wakeWebhooksWorker(deps);
      return reply.code(202).send({ delivery_id: deliveryId } satisfies WebhookDeliveryQueued);
    });
  };
}
