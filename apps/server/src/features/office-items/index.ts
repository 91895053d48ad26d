// The office's items on the checklist (requests and waivers): only the composition root registers them.
export { officeItemsRoutes } from './office-items-routes';
