/**
 * The floor under "start to first answer" in bench/lighthouse.bench.ts: a
 * bare Fastify server with one route and nothing else (no plugins, no logger,
 * no database), started as the product starts: compile cache on, and no JSON
 * schema compilers, so Ajv never loads (apps/server/src/http/zod-only-schemas.ts). Plain
 * JavaScript, so no transpiler is loaded: the product starts from a compiled
 * bundle too. What it takes beyond a bare node:http server is what any server
 * built on Fastify pays before its first answer.
 *
 *   PORT
 */
import module from 'node:module';

module.enableCompileCache?.();
const { default: Fastify } = await import('fastify');

const none = () => () => {
  throw new Error('no JSON schemas here');
};
const app = Fastify({ schemaController: { compilersFactory: { buildValidator: none, buildSerializer: none } } });
app.get('/public/tenant', async () => ({}));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
