// The staff second factor's public entry (issue 44): its routes, which app.ts registers under /api/staff.
export { staffMfaRoutes } from './mfa-routes';
export { mfaResetRoute } from './mfa-reset-route';
