import type { FastifyServerOptions } from 'fastify';

/**
 * Routes here parse their input with zod (parse-body.ts) and send plain JSON, so
 * no route carries a Fastify JSON schema. Fastify would still load ajv and
 * fast-json-stringify for its default compilers as it is created, about a tenth
 * of a start; these stand-ins take their place and refuse a schema loudly,
 * should one ever be added, instead of ignoring it.
 */
function refuse(part: string) {
  return () => () => {
    throw new Error(`Route ${part} schemas are not used here: parse with zod (http/parse-body.ts).`);
  };
}

export const ZOD_ONLY_SCHEMAS: NonNullable<FastifyServerOptions['schemaController']> = {
  compilersFactory: {
    buildValidator: refuse('validation'),
    buildSerializer: refuse('response'),
  },
};
