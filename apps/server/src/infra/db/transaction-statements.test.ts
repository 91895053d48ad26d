import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestApp, type TestApp } from '../../test-support/test-app';

/**
 * PostgreSQL only: a transaction is one connection, and pg runs one statement at a time on it. Code that
 * reads several things at once inside a transaction (the checklists of the console's index) must not
 * hand pg a statement while another is running: pg queues it today with a deprecation warning, and pg 9
 * refuses it.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('statements in a transaction', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('asked for at once, are sent one after another, each answered with its own rows, and a failed one fails alone', async () => {
    const query = pg.Client.prototype.query as (...args: unknown[]) => unknown;
    // Counted a connection: the app's own background work (its jobs) may run a statement on another connection
    // meanwhile, which is no concern of the transaction's.
    const running = new Map<pg.Client, number>();
    const sent = new Map<pg.Client, number>();
    let most = 0;
    vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      const result = query.apply(this, args);
      if (!(result instanceof Promise)) return result;
      const now = (running.get(this) ?? 0) + 1;
      running.set(this, now);
      sent.set(this, (sent.get(this) ?? 0) + 1);
      most = Math.max(most, now);
      return result.finally(() => running.set(this, running.get(this)! - 1));
    } as typeof pg.Client.prototype.query);

    const [one, failed, three] = await t.db.transaction(async (tx) =>
      Promise.allSettled([
        tx.query<{ n: number }>('SELECT 1 AS n'),
        tx.query('SELECT 1 / $1::int AS n', [1]).then(() => tx.query('SELECT no_such_column')),
        tx.query<{ n: number }>('SELECT 3 AS n'),
      ]),
    );
    expect(one).toEqual({ status: 'fulfilled', value: { rows: [{ n: 1 }], rowCount: 1 } });
    expect(three).toEqual({ status: 'fulfilled', value: { rows: [{ n: 3 }], rowCount: 1 } });
    expect(failed).toMatchObject({ status: 'rejected', reason: { code: '42703' } });
    expect(most).toBe(1);
    // The transaction's connection was the one counted: BEGIN, the four statements, and its end.
    expect(Math.max(...sent.values())).toBeGreaterThanOrEqual(6);
  });
});
