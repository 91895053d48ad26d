// The read API's public entry (issue 45): its routes, registered by app.ts under /api/v1, and the refresher of its
// stored views (decision 069), run by serve.ts.
export { apiV1Routes } from './api-v1-routes';
export { apiViewRefresher } from './api-views';
