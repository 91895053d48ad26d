// Retention's public entry: the composition root starts its worker and mounts its preview.
export { retentionPreviewRoute } from './retention-preview-route';
export { startRetentionWorker } from './retention-worker';
