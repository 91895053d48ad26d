import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { requireStaff } from '../../session/require-staff';
import { passkeyRoutes } from './passkey-routes';
import { reauthRoute } from './reauth-route';
import { statusRoute } from './status-route';
import { totpRoutes } from './totp-routes';
import { verifyRoute } from './verify-route';

/**
 * The second factor's own calls, under /api/staff: the only staff calls that answer a password session before it
 * passes its second factor (STAFF_MFA=required), since they are how it passes or sets one up.
 */
export function staffMfaRoutes(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.addHook('preHandler', requireStaff(deps, { beforeSecondFactor: true }));
    await app.register(statusRoute(deps));
    await app.register(totpRoutes(deps));
    await app.register(verifyRoute(deps));
    await app.register(passkeyRoutes(deps));
    await app.register(reauthRoute(deps));
  };
}
