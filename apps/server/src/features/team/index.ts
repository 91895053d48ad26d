// The team feature's public entry: its routes, registered by app.ts inside the /api/staff scope.
export { teamRoutes } from './team-routes';
export { memberName } from './team-repository';
