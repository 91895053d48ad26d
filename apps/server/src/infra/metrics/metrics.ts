import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics (issue 31), in one registry that the
 * features write to and GET /metrics reads. Labels are fixed, small sets:
 * route patterns, status classes, queue names, outcomes. Never a user id,
 * an address, a file name or an answer: a label is stored for ever by the
 * scraper and shown to whoever reads the dashboards.
 */
export const metricsRegistry = new Registry();

// Event loop delay, heap, CPU and handles: prom-client's defaults, prefixed like ours.
collectDefaultMetrics({ register: metricsRegistry, prefix: 'admissions_' });

export const httpDuration = new Histogram({
  name: 'admissions_http_request_duration_seconds',
  help: 'Time from the request to the end of its answer, by route pattern and status class.',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});

export const httpServerErrors = new Counter({
  name: 'admissions_http_server_errors_total',
  help: 'Answers with a 5xx status, by route pattern.',
  labelNames: ['method', 'route'] as const,
  registers: [metricsRegistry],
});

export const conversionDuration = new Histogram({
  name: 'admissions_document_conversion_duration_seconds',
  help: 'Time to convert one upload or letter to PDF, by outcome (completed, failed, error).',
  labelNames: ['outcome'] as const,
  buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120],
  registers: [metricsRegistry],
});

export const conversionFailures = new Counter({
  name: 'admissions_document_conversion_failures_total',
  help: 'Conversions that ended FAILED (refused or out of tries) or threw to be retried, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const mailOutcomes = new Counter({
  name: 'admissions_mail_total',
  help: 'Mail handed to the SMTP relay, by outcome: sent, failed (this try), retried (a later try).',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

export const dbPoolWait = new Histogram({
  name: 'admissions_db_pool_wait_seconds',
  help: 'Time a request waited for a pooled database connection.',
  buckets: [0.0005, 0.001, 0.005, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2],
  registers: [metricsRegistry],
});

/** A status code as its class: '2xx', '4xx'... (the code itself would add little and cost series). */
export const statusClass = (status: number) => `${Math.floor(status / 100)}xx`;
