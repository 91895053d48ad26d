import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../test-support/test-app';

describe('request logging', () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({}, { onLog: (entry) => lines.push(entry) });
  });
  afterAll(() => t.close());

  it('logs every request with its path, never the secrets its query string carries', async () => {
    const client = t.client();
    await client.get('/recommend?token=LETTER-LINK-SECRET');
    await client.get('/reset?username=ada%40example.com&id=RESET-LINK-SECRET');
    await client.post('/public/recommendation/open', { token: 'BODY-TOKEN-SECRET-0123456789' });
    const logged = lines.filter((l) => l.msg === 'incoming request').map((l) => l.req as { url: string });
    expect(logged.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/recommend?…', '/reset?…', '/public/recommendation/open']),
    );
    const all = JSON.stringify(lines);
    for (const secret of ['LETTER-LINK-SECRET', 'RESET-LINK-SECRET', 'ada%40example.com', 'BODY-TOKEN-SECRET'])
      expect(all).not.toContain(secret);
  });
});
