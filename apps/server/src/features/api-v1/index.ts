// The read API's public entry (issue 45): its routes, registered by app.ts under /api/v1.
export { apiV1Routes } from './api-v1-routes';
