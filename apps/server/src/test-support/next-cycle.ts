import type { TenantConfig } from '@admissions/domain';
import pino from 'pino';
import { SAMPLE_TENANT } from '../../../../test/tenants';
import { buildApp } from '../app';
import { TestClient, type TestApp } from './test-app';

/** The sample tenant a year on: the "restart" that closes cycle 2026-27 and opens 2027-28 (decision 052). */
export const NEXT_CYCLE_TENANT: TenantConfig = {
  ...SAMPLE_TENANT,
  cycle: { id: '2027-28', label: 'Admissions 2027–28', opens: '2027-08-01T00:00', closes: '2028-08-31T23:59' },
};

/**
 * The test app as served after a restart with the next cycle's tenant file: same database, storage and clock,
 * a second app. The caller closes `next` before the first app (which owns the database).
 */
export async function restartInNextCycle(t: TestApp): Promise<{ next: TestApp; closeNext: () => Promise<void> }> {
  const app = await buildApp(
    { ...t.deps, config: { ...t.deps.config, tenant: NEXT_CYCLE_TENANT } },
    pino({ level: 'silent' }),
  );
  await app.ready();
  const next: TestApp = {
    ...t,
    app,
    client: (ip = '203.0.113.10') => new TestClient(app, ip, t.deps.config.publicUrl.origin, t.mailDelivered),
  };
  return { next, closeNext: () => app.close() };
}
