import { register } from 'node:module';

/**
 * Sends spans of HTTP calls (in and out) and database statements to an OTLP
 * collector (issue 31, decision 045). Imported by server.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set, and before the server's own modules, so
 * that the instrumentations see `node:http` and `pg` load; unset, none of
 * OpenTelemetry is ever loaded. Jobs show as the database statements of
 * their workers (pg-boss runs on pg). The exporter reads the standard OTEL_*
 * variables itself (endpoint, headers, batching).
 */
export async function startTracing(serviceName = 'admissions-portal'): Promise<{ stop(): Promise<void> }> {
  // ES modules are instrumented through a loader hook, registered before anything it must patch is imported.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { PgInstrumentation }] = await Promise.all([
    import('@opentelemetry/sdk-node'),
    import('@opentelemetry/exporter-trace-otlp-http'),
    import('@opentelemetry/instrumentation-http'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const sdk = new NodeSDK({
    // OTEL_SERVICE_NAME, when set, names the service instead.
    serviceName,
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      // Health probes and metrics scrapes come every few seconds and say nothing about applicants' calls.
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req) => /^\/(health\/|metrics$)/.test(req.url ?? ''),
      }),
      // Statements, never their parameters: those hold answers and addresses.
      new PgInstrumentation({ enhancedDatabaseReporting: false }),
    ],
  });
  sdk.start();
  return { stop: () => sdk.shutdown() };
}
