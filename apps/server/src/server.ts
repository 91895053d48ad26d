import { ConfigError, loadConfig, type Config } from './config';

/**
 * The server's entry (npm start runs its compiled dist/server.js). It reads the
 * configuration, starts tracing when OTEL_EXPORTER_OTLP_ENDPOINT is set, and
 * only then imports the server: the instrumentations patch http and pg as
 * they load, so they must be listening first. Without the variable nothing
 * of OpenTelemetry is loaded (decision 045).
 */
function readConfig(): Config {
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
}

const config = readConfig();
let beforeExit: (() => Promise<void>) | undefined;
if (config.otlpEndpoint) {
  const { startTracing } = await import('./infra/tracing/start-tracing');
  // Spans still buffered go out at a clean stop; a process killed outright loses its last batch.
  beforeExit = (await startTracing()).stop;
}
const { serve } = await import('./serve');
await serve(config, { beforeExit });
