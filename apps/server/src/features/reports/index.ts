export { reportsRoutes } from './reports-routes';
