/** Health probes and metrics for the college's operators (issue 31, decision 045). */
export { healthRoutes } from './health-routes';
export { metricsRoute, metricsText, bearerMatches } from './metrics-route';
export { createReadinessProbe, READINESS_PROBE_TIMEOUT_MS } from './readiness';
export { startMetricsServer } from './metrics-server';
