import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loggedInClient, save } from '../../test-support/application-helpers';
import { startTestApp, type TestApp } from '../../test-support/test-app';
import { COPY_DRAWING_LIMITS } from './applicant-copies';
import { PDF_LIMITS } from './pdf-routes';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('PDF copies are fair under abuse', () => {
  it("100 parallel GET /api/pdf/file from one session: one drawing serves the minute's allowance, the rest are answered 429 at once, and another applicant's copy is ready in under 10 s", async () => {
    const greedy = await loggedInClient(t, 'pdf.greedy@example.edu');
    const other = await loggedInClient(t, 'pdf.other@example.edu');
    // Warm the drawing thread, so the figure below measures waiting, not loading react-pdf.
    expect((await other.get('/api/pdf/file')).statusCode).toBe(200);
    // A new version of the other's copy, so it is drawn again, not read from memory.
    await save(other, { first_name: 'Other' });

    const burst = Array.from({ length: 100 }, () => greedy.get('/api/pdf/file'));
    const started = Date.now();
    const theirs = await other.get('/api/pdf/file');
    const otherMs = Date.now() - started;
    const answers = await Promise.all(burst);

    expect(theirs.statusCode).toBe(200);
    expect(theirs.headers['content-type']).toBe('application/pdf');
    expect(otherMs).toBeLessThan(10_000);
    const served = answers.filter((r) => r.statusCode === 200);
    expect(served).toHaveLength(PDF_LIMITS.perMinute);
    // The same copy, drawn once, for every download the minute allows.
    expect(served.every((r) => r.rawPayload.equals(served[0]!.rawPayload))).toBe(true);
    expect(answers.filter((r) => r.statusCode === 429)).toHaveLength(100 - PDF_LIMITS.perMinute);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    console.log(`other applicant's copy: ${otherMs} ms while one session sent 100 at once`);
  }, 60_000);

  it('serves a burst of applicants in turn: more copies at once than the process draws together all arrive, none refused', async () => {
    const clients = await Promise.all(
      Array.from({ length: COPY_DRAWING_LIMITS.inProcess + 3 }, (_, i) =>
        loggedInClient(t, `pdf.turn${i}@example.edu`),
      ),
    );
    await Promise.all(clients.map((c, i) => save(c, { first_name: `Turn${i}` })));
    const answers = await Promise.all(clients.map((c) => c.get('/api/pdf/file')));
    expect(answers.map((r) => r.statusCode)).toEqual(clients.map(() => 200));
    expect(answers.every((r) => r.headers['content-type'] === 'application/pdf')).toBe(true);
  }, 60_000);

  it(`limits one applicant to ${PDF_LIMITS.perMinute} copies a minute, then answers 429 until the window slides`, async () => {
    const client = await loggedInClient(t, 'pdf.many@example.edu');
    for (let i = 0; i < PDF_LIMITS.perMinute; i++) expect((await client.get('/api/pdf/file')).statusCode).toBe(200);
    const refused = await client.get('/api/pdf/file');
    expect(refused.statusCode).toBe(429);
    // The status is not a download: it draws nothing and is not counted.
    expect((await client.get('/api/pdf')).statusCode).toBe(200);
    t.clock.advance(2 * 60_000);
    expect((await client.get('/api/pdf/file')).statusCode).toBe(200);
  }, 120_000);
});
