import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { tenantConfigSchema, type TenantConfig } from '@admissions/domain';

/**
 * Every environment variable the server reads is read here, once, at boot.
 * A bad value stops the process with a clear message (see server.ts).
 */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('Admissions Portal <no-reply@localhost>'),
  TENANT_CONFIG: z.string().min(1).optional(),
  /** Needed only when several server processes must share one key; otherwise generated in DATA_DIR. */
  SECRET_KEY: z.string().min(32).optional(),
  /** Number of proxy hops to trust for the client address (X-Forwarded-For), 0 when exposed directly. */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().min(1).optional(),
  /** PostgreSQL: longest wait to open a connection, and longest a statement may run (the client gives up 2 s later). */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Calls that send an e-mail, per client address, in any 10 minutes (sliding window). */
  MAIL_PER_IP_LIMIT: z.coerce.number().int().min(1).default(30),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: URL;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  tenant: TenantConfig;
  secretKey: string | undefined;
  trustProxy: number;
  logLevel: string;
  webDist: string;
  mailPerIpLimit: number;
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const serverRoot = path.resolve(import.meta.dirname, '..');
export const SAMPLE_TENANT_CONFIG = path.join(serverRoot, 'tenant', 'sample-tenant.json');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty variables count as unset, as operators expect from `FOO= npm start`.
  const present = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(
      'Invalid configuration:\n' +
        parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'),
    );
  }
  const e = parsed.data;
  const publicUrl = new URL(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    tenant: loadTenant(e.TENANT_CONFIG ?? SAMPLE_TENANT_CONFIG),
    secretKey: e.SECRET_KEY,
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    webDist: path.resolve(e.WEB_DIST ?? path.join(serverRoot, '..', 'web', 'dist')),
    mailPerIpLimit: e.MAIL_PER_IP_LIMIT,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
  };
}

function loadTenant(file: string): TenantConfig {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(`TENANT_CONFIG: cannot read ${file} as JSON (${(err as Error).message})`);
  }
  const parsed = tenantConfigSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(
      `TENANT_CONFIG: ${file} is not a valid tenant configuration:\n` +
        parsed.error.issues.map((i) => `  ${i.path.join('.') || '(root)'}: ${i.message}`).join('\n'),
    );
  }
  return parsed.data;
}
