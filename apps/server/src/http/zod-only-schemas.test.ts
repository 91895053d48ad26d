import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ZOD_ONLY_SCHEMAS } from './zod-only-schemas';

describe('a server whose routes parse with zod', () => {
  it('answers routes as usual, and refuses a route that brings a JSON schema instead of ignoring it', async () => {
    const plain = Fastify({ schemaController: ZOD_ONLY_SCHEMAS });
    plain.post('/echo', async (req) => req.body);
    const res = await plain.inject({ method: 'POST', url: '/echo', payload: { a: 1 } });
    expect(res.json()).toEqual({ a: 1 });
    await plain.close();

    for (const schema of [{ body: { type: 'object', required: ['a'] } }, { response: { 200: { type: 'object' } } }]) {
      const withSchema = Fastify({ schemaController: ZOD_ONLY_SCHEMAS });
      withSchema.post('/echo', { schema }, async (req) => req.body);
      await expect(withSchema.ready()).rejects.toThrow(/parse with zod/);
      await withSchema.close();
    }
  });
});
