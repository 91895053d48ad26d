// The API tokens feature's public entry (issue 45): the console's routes, registered by app.ts inside the
// /api/staff scope, and the guard of the read API (/api/v1): who calls, with which scopes, and its audit row.
export { apiTokensRoutes } from './api-tokens-routes';
export { apiTokenGuard, requireApiScope, takeTokenCheck, type TokenCheck } from './api-token-auth';
export { apiCallerOf, type ApiCaller } from './api-caller';
export {
  recordApiCall,
  apiCallAuditRow,
  apiAuditName,
  markApiCallAudited,
  forgetApiCallAudited,
} from './api-call-audit';
export { createApiToken, tokenLiveSql, type NewApiToken } from './api-tokens-repository';
