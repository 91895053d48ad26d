import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route authenticates by an outside provider's signature (of its raw body, or of a token or assertion in
     * it): no browser can forge it, so the origin check (app.ts) does not apply. Payments' webhook, the identity
     * providers' back-channel logout and SAML assertion consumer.
     */
    providerSigned?: boolean;
  }
}

/**
 * Lets the routes of this plugin scope take an HTML form (application/x-www-form-urlencoded) as a flat object, up to
 * `bodyLimit` bytes: what an identity provider posts. The rest of the app takes JSON only.
 */
export function acceptFormBodies(app: FastifyInstance, bodyLimit: number): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
}
