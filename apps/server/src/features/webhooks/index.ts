// The webhooks' public entry (issue 45): the console's routes (app.ts registers them under /api/staff) and the
// worker that delivers (workers.ts). The events themselves are recorded by core/integration-events.ts, in the
// transaction of the change that caused them.
export { webhookRoutes } from './webhook-routes';
export { startWebhooksWorker, deliverNow } from './webhooks-worker';
export { webhookBody, type BodySource } from './webhook-body';
