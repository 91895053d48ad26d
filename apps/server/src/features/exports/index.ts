// The scheduled exports' public entry (issue 45): the console's routes and the job that runs them (app.ts, workers.ts).
export { exportsRoutes } from './exports-routes';
export { startExportsWorker } from './exports-worker';
