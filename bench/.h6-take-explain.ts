import { randomUUID } from 'node:crypto';
import { recordIntegrationEvents } from '../apps/server/src/core/integration-events';
import { takeDueDeliveries } from '../apps/server/src/features/webhooks/delivery-pass';
import { createPostgresDb } from '../apps/server/src/infra/db/postgres-db';
import { scratchDatabase } from './scratch-database';
const scratch = await scratchDatabase('h6_take');
const db = createPostgresDb({ connectionString: scratch.url, max: 2, statementTimeoutMs: 60_000 });
const TAKE = `WITH due AS (
       SELECT d.id FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
       WHERE d.state = 'pending' AND d.next_attempt_at <= $1
         AND e.deleted_at IS NULL AND e.disabled_at IS NULL
         AND NOT EXISTS (
           SELECT 1 FROM webhook_deliveries p
           WHERE p.endpoint_id = d.endpoint_id AND p.application_id = d.application_id AND p.state = 'pending'
             AND (p.event_id < d.event_id OR (p.event_id = d.event_id AND p.created_at < d.created_at)))
       ORDER BY d.next_attempt_at, d.event_id
       LIMIT $2
       FOR UPDATE OF d SKIP LOCKED)
     UPDATE webhook_deliveries w SET next_attempt_at = $3 FROM due WHERE w.id = due.id
     RETURNING w.id`;
try {
  await db.query(`INSERT INTO webhook_endpoints (id, url, events, secret_sealed, created_by, created_at) VALUES ($1, 'http://127.0.0.1:9/x', ARRAY['decision.released','offer.responded'], 'x', 'bench', now())`, [randomUUID()]);
  for (let round = 0; round < 3; round++) {
    const apps = Array.from({ length: 5000 }, () => randomUUID());
    const events = [...apps.map((a) => ({ type: 'decision.released' as const, applicationId: a })), ...apps.map((a) => ({ type: 'offer.responded' as const, applicationId: a }))];
    for (let i = 0; i < events.length; i += 1000) await db.transaction((tx) => recordIntegrationEvents(tx, events.slice(i, i + 1000), new Date()));
    await db.query('ANALYZE webhook_deliveries');
    const times: number[] = [];
    for (;;) {
      const s = performance.now();
      const ids = await takeDueDeliveries(db, new Date());
      times.push(performance.now() - s);
      if (!ids.length) break;
      await db.query(`UPDATE webhook_deliveries SET state = 'succeeded', attempts = 1, next_attempt_at = NULL, finished_at = now() WHERE id = ANY ($1::uuid[])`, [ids]);
      if (times.length === 100 && round === 2) {
        await db.transaction(async (tx) => {
          const { rows } = await tx.query('EXPLAIN (ANALYZE, BUFFERS) ' + TAKE, [new Date(), 50, new Date(Date.now() + 60000)]);
          console.log(rows.map((r) => Object.values(r)[0]).join('\n'));
          throw new Error('rollback');
        }).catch(() => {});
      }
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`round ${round + 1}: ${times.length} takes, mean ${(times.reduce((a, b) => a + b) / times.length).toFixed(1)} ms, p50 ${sorted[Math.floor(sorted.length / 2)]!.toFixed(1)}, first ${times[0]!.toFixed(1)}, last-10 mean ${(times.slice(-11, -1).reduce((a, b) => a + b) / 10).toFixed(1)}`);
  }
} finally {
  await db.close();
  await scratch.drop();
}
