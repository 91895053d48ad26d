import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { isValidEmail, normalizeEmail, type TenantConfig } from '@admissions/domain';
import { tenantConfigSchema } from '@admissions/domain/schemas';

/**
 * Every environment variable the server reads is read here, once, at boot.
 * A bad value stops the process with a clear message (see server.ts).
 * Exported only for config-documented.test.ts, which keeps docs/operations.md's table of variables complete.
 */
export const envSchema = z.object({
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
  /** Documents go to this S3-compatible bucket when set; otherwise to local disk under DATA_DIR. */
  S3_BUCKET: z.string().min(3).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** The LibreOffice binary that converts Word documents; when absent, docx uploads fail with a clear message. */
  SOFFICE_PATH: z.string().min(1).default('soffice'),
  DOCUMENT_CONVERSION_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(600).default(60),
  DOCUMENT_CONVERSION_MEMORY_MB: z.coerce.number().int().min(256).max(16384).default(1536),
  DOCUMENT_CONVERSION_CONCURRENCY: z.coerce.number().int().min(1).max(16).default(1),
  DOCUMENT_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .min(1_048_576)
    .default(20 * 1_048_576),
  DOCUMENT_UPLOADS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  /** How often the job queue looks for jobs of crashed processes to retry. */
  JOB_SUPERVISE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Folder of the school directory CSV files (colleges, high schools); unset means manual school entry only. */
  LOOKUP_DATA_DIR: z.string().min(1).optional(),
  /** Comma-separated addresses of the admissions office's staff (docs/decisions/011-staff-console.md). */
  STAFF_EMAILS: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
    )
    .refine((list) => list.every(isValidEmail), { message: 'must be a comma-separated list of e-mail addresses' })
    .optional(),
  /**
   * PostgreSQL, for a request: longest wait for a connection, and longest a statement may run (the client
   * gives up half a second later), so a frozen database answers 503 within 3 s. Background jobs have their own.
   */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(1000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(2000),
  DB_JOB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(15_000),
  /** Calls that send an e-mail, per client address, in any 10 minutes (sliding window). */
  MAIL_PER_IP_LIMIT: z.coerce.number().int().min(1).default(30),
  /** An unsubmitted application untouched this long is deleted with its account, after a warning 30 days before. */
  RETENTION_UNSUBMITTED_MONTHS: z.coerce.number().int().min(2).max(120).default(18),
  /** Applications of an admission cycle closed this long ago are deleted, unless the applicant accepted an offer. */
  RETENTION_CLOSED_CYCLE_MONTHS: z.coerce.number().int().min(1).max(240).default(24),
  /**
   * Connections of each process's request pool (its job pool adds 4, pg-boss's own up to 4 more): size
   * processes × (DB_POOL_SIZE + 8) under PostgreSQL's max_connections (docs/operations.md, decision 046).
   */
  DB_POOL_SIZE: z.coerce.number().int().min(2).max(500).default(20),
  /** GET /metrics on the main port answers only with `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** A second port that serves GET /metrics alone, for a scraper on the internal network. */
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * On SIGTERM, how long readiness answers 503 while the process still serves, before it stops
   * listening: at least the balancer's check interval × fall when it keeps connections open.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(5000).default(0),
  /** When set, traces go to this OTLP/HTTP collector (server.ts loads OpenTelemetry only then). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Bounces (decision 054): the envelope sender of mail to recommenders becomes `<local>+<tag>@<domain>` of this
   * address (VERP), which the MTA pipes to POST /api/mail/bounces. The tag needs 48 of the local part's 64 characters.
   */
  BOUNCE_ADDRESS: z
    .string()
    .refine((a) => isValidEmail(a) && !a.includes('+') && a.split('@')[0]!.length <= 15, {
      message: 'must be an e-mail address without "+" whose part before the @ has at most 15 characters',
    })
    .optional(),
  /** POST /api/mail/bounces answers only with `Authorization: Bearer <BOUNCE_TOKEN>`; unset, the call does not exist. */
  BOUNCE_TOKEN: z.string().min(16).optional(),
  /**
   * The online payment provider (issue 43, decision 065): Stripe's hosted Checkout through the official SDK.
   * Without a key, applicants are told how to pay by check or at the office, and the office records payments.
   */
  STRIPE_SECRET_KEY: z.string().min(8).optional(),
  /** The signing secret of the webhook endpoint POST /api/payments/webhook; required with STRIPE_SECRET_KEY. */
  STRIPE_WEBHOOK_SECRET: z.string().min(8).optional(),
  /** Where the SDK sends its calls; Stripe's own by default (tests point it at a local stand-in). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Staff sign-in (issue 44, decision 067). `password`: e-mail and password, as applicants; `sso`: the campus
   * identity provider only (a staff address's password sign-in is refused); `both`: either.
   */
  STAFF_AUTH: z.enum(['password', 'sso', 'both']).default('password'),
  /** `required`: a staff member who signs in with a password passes a second factor before any staff call. */
  STAFF_MFA: z.enum(['required', 'off']).default('required'),
  /** A staff session ends after this many minutes without a request, and after STAFF_SESSION_HOURS in any case. */
  STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).max(720).default(30),
  STAFF_SESSION_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  /** The riskiest staff actions ask for a fresh sign-in when the last one is older than this. */
  STAFF_REAUTH_MINUTES: z.coerce.number().int().min(1).max(720).default(15),
  /** OpenID Connect: the issuer (https://, or http:// on loopback), the client, and the sign-in button's name. */
  STAFF_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  STAFF_OIDC_CLIENT_ID: z.string().min(1).optional(),
  STAFF_OIDC_CLIENT_SECRET: z.string().min(1).optional(),
  STAFF_OIDC_LABEL: z.string().min(1).max(60).optional(),
  /** The ID token claim that names the team member (its value is matched to the member's e-mail address). */
  STAFF_OIDC_CLAIM: z.string().min(1).default('email'),
  /** SAML 2.0: the identity provider's metadata file, the attribute that names the member, the button's name. */
  STAFF_SAML_IDP_METADATA: z.string().min(1).optional(),
  STAFF_SAML_ATTRIBUTE: z.string().min(1).default('email'),
  STAFF_SAML_LABEL: z.string().min(1).max(60).optional(),
  /**
   * Webhooks (issue 45, decision 068): endpoints must be https:// unless WEBHOOK_ALLOW_HTTP, and may not resolve to a
   * private, loopback or link-local address unless WEBHOOK_ALLOW_PRIVATE (both for tests and closed networks).
   */
  WEBHOOK_ALLOW_HTTP: z.enum(['true', 'false']).default('false'),
  WEBHOOK_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
  /** Scheduled exports to sftp:// (issue 45): the private key file, and the server's pinned host key line. */
  EXPORT_SFTP_KEY_FILE: z.string().min(1).optional(),
  EXPORT_SFTP_HOST_KEY: z
    .string()
    .regex(/^(ssh-ed25519|ssh-rsa|ecdsa-sha2-nistp(256|384|521)) [A-Za-z0-9+/]+=*$/, {
      message: 'must be the key line ssh-keyscan prints, e.g. "ssh-ed25519 AAAA…" (without the host name)',
    })
    .optional(),
  /** Calls a minute each API token may make (the rest answer 429 with Retry-After). */
  API_TOKEN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(600),
  /** Decisions released per transaction (docs/decisions/049); smaller only to test a crash between two batches. */
  DECISION_RELEASE_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(1000),
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
  storage: StorageConfig;
  documents: DocumentsConfig;
  jobSuperviseIntervalSeconds: number;
  /** Absolute; whether it exists and what it holds is checked when the lookups load, never fatal. */
  lookupDataDir: string | undefined;
  /** Normalised addresses (normalizeEmail) of the staff; empty when STAFF_EMAILS is unset. */
  staffEmails: ReadonlySet<string>;
  mailPerIpLimit: number;
  decisionReleaseBatchSize: number;
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  dbJobStatementTimeoutMs: number;
  retention: RetentionConfig;
  dbPoolSize: number;
  metricsToken: string | undefined;
  metricsPort: number | undefined;
  otlpEndpoint: string | undefined;
  shutdownDrainMs: number;
  bounces: BounceConfig;
  /** The online payment provider; null without STRIPE_SECRET_KEY (payments are then recorded by the office). */
  stripe: StripeConfig | null;
  staffAuth: StaffAuthConfig;
  integrations: IntegrationsConfig;
}

/** The read API, webhooks and scheduled exports (issue 45, decision 068). */
export interface IntegrationsConfig {
  webhookAllowHttp: boolean;
  webhookAllowPrivate: boolean;
  /** Absolute path of the SFTP private key; undefined when no key is configured (an sftp:// export then fails clearly). */
  exportSftpKeyFile: string | undefined;
  exportSftpHostKey: string | undefined;
  apiTokenRatePerMinute: number;
}

/** How staff sign in (issue 44, decision 067). */
export interface StaffAuthConfig {
  mode: 'password' | 'sso' | 'both';
  mfaRequired: boolean;
  idleMs: number;
  absoluteMs: number;
  reauthMs: number;
  oidc: StaffOidcConfig | null;
  saml: StaffSamlConfig | null;
}

export interface StaffOidcConfig {
  issuer: URL;
  clientId: string;
  clientSecret: string;
  label: string;
  /** The claim matched to a member's address; `email` also needs `email_verified`. */
  claim: string;
}

export interface StaffSamlConfig {
  /** Absolute path of the identity provider's metadata (read at start). */
  idpMetadataFile: string;
  attribute: string;
  label: string;
}

export interface StripeConfig {
  secretKey: string;
  webhookSecret: string;
  /** The API's address: Stripe's own unless STRIPE_API_URL says otherwise. */
  apiUrl: URL;
}

/** Where bounces of tracked mail go and who may hand them in (features/mail/bounce-route.ts, decision 054). */
export interface BounceConfig {
  address: string | undefined;
  token: string | undefined;
}

/** How long applicants' data is kept (features/retention, docs/decisions/047). */
export interface RetentionConfig {
  unsubmittedMonths: number;
  closedCycleMonths: number;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | { kind: 's3'; bucket: string; region: string; endpoint: string | undefined; forcePathStyle: boolean };

export interface DocumentsConfig {
  sofficePath: string;
  conversionTimeoutMs: number;
  conversionMemoryMb: number;
  conversionConcurrency: number;
  quotaBytes: number;
  uploadsPerHour: number;
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
      'Invalid configuration:\n' + parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n'),
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
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : { kind: 'local', dir: path.join(path.resolve(e.DATA_DIR), 'files') },
    documents: {
      sofficePath: e.SOFFICE_PATH,
      conversionTimeoutMs: e.DOCUMENT_CONVERSION_TIMEOUT_SECONDS * 1000,
      conversionMemoryMb: e.DOCUMENT_CONVERSION_MEMORY_MB,
      conversionConcurrency: e.DOCUMENT_CONVERSION_CONCURRENCY,
      quotaBytes: e.DOCUMENT_QUOTA_BYTES,
      uploadsPerHour: e.DOCUMENT_UPLOADS_PER_HOUR,
    },
    jobSuperviseIntervalSeconds: e.JOB_SUPERVISE_INTERVAL_SECONDS,
    lookupDataDir: e.LOOKUP_DATA_DIR === undefined ? undefined : path.resolve(e.LOOKUP_DATA_DIR),
    staffEmails: new Set((e.STAFF_EMAILS ?? []).map(normalizeEmail)),
    mailPerIpLimit: e.MAIL_PER_IP_LIMIT,
    decisionReleaseBatchSize: e.DECISION_RELEASE_BATCH_SIZE,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbStatementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    dbJobStatementTimeoutMs: e.DB_JOB_STATEMENT_TIMEOUT_MS,
    retention: {
      unsubmittedMonths: e.RETENTION_UNSUBMITTED_MONTHS,
      closedCycleMonths: e.RETENTION_CLOSED_CYCLE_MONTHS,
    },
    dbPoolSize: e.DB_POOL_SIZE,
    metricsToken: e.METRICS_TOKEN,
    metricsPort: e.METRICS_PORT,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    bounces: { address: e.BOUNCE_ADDRESS, token: e.BOUNCE_TOKEN },
    stripe: stripeConfig(e),
    staffAuth: staffAuthConfig(e),
    integrations: {
      webhookAllowHttp: e.WEBHOOK_ALLOW_HTTP === 'true',
      webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE === 'true',
      exportSftpKeyFile: e.EXPORT_SFTP_KEY_FILE ? path.resolve(e.EXPORT_SFTP_KEY_FILE) : undefined,
      exportSftpHostKey: e.EXPORT_SFTP_HOST_KEY,
      apiTokenRatePerMinute: e.API_TOKEN_RATE_PER_MINUTE,
    },
  };
}

function stripeConfig(e: z.infer<typeof envSchema>): StripeConfig | null {
  if (!e.STRIPE_SECRET_KEY) {
    if (e.STRIPE_WEBHOOK_SECRET) throw new ConfigError('STRIPE_WEBHOOK_SECRET is set without STRIPE_SECRET_KEY');
    return null;
  }
  // A key without the webhook's secret would take payments it could only confirm on the applicant's return.
  if (!e.STRIPE_WEBHOOK_SECRET) throw new ConfigError('STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET too');
  return {
    secretKey: e.STRIPE_SECRET_KEY,
    webhookSecret: e.STRIPE_WEBHOOK_SECRET,
    apiUrl: new URL(e.STRIPE_API_URL ?? 'https://api.stripe.com'),
  };
}

function staffAuthConfig(e: z.infer<typeof envSchema>): StaffAuthConfig {
  const oidc = staffOidcConfig(e);
  const saml: StaffSamlConfig | null = e.STAFF_SAML_IDP_METADATA
    ? {
        idpMetadataFile: path.resolve(e.STAFF_SAML_IDP_METADATA),
        attribute: e.STAFF_SAML_ATTRIBUTE,
        label: e.STAFF_SAML_LABEL ?? 'the campus account',
      }
    : null;
  if (oidc && saml) throw new ConfigError('Set STAFF_OIDC_ISSUER or STAFF_SAML_IDP_METADATA, not both');
  if (e.STAFF_AUTH !== 'password' && !oidc && !saml)
    throw new ConfigError(`STAFF_AUTH=${e.STAFF_AUTH} needs STAFF_OIDC_ISSUER or STAFF_SAML_IDP_METADATA`);
  return {
    mode: e.STAFF_AUTH,
    mfaRequired: e.STAFF_MFA === 'required',
    idleMs: e.STAFF_IDLE_MINUTES * 60_000,
    absoluteMs: e.STAFF_SESSION_HOURS * 3_600_000,
    reauthMs: e.STAFF_REAUTH_MINUTES * 60_000,
    oidc,
    saml,
  };
}

function staffOidcConfig(e: z.infer<typeof envSchema>): StaffOidcConfig | null {
  const parts = [e.STAFF_OIDC_ISSUER, e.STAFF_OIDC_CLIENT_ID, e.STAFF_OIDC_CLIENT_SECRET];
  if (parts.every((p) => p === undefined)) return null;
  if (parts.some((p) => p === undefined))
    throw new ConfigError('STAFF_OIDC_ISSUER, STAFF_OIDC_CLIENT_ID and STAFF_OIDC_CLIENT_SECRET go together');
  const issuer = new URL(e.STAFF_OIDC_ISSUER!);
  // Tokens and codes travel to the issuer: only TLS, except a provider on this machine (the tests').
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  if (issuer.protocol !== 'https:' && !loopback)
    throw new ConfigError('STAFF_OIDC_ISSUER must be https:// (http:// only on 127.0.0.1 or localhost)');
  return {
    issuer,
    clientId: e.STAFF_OIDC_CLIENT_ID!,
    clientSecret: e.STAFF_OIDC_CLIENT_SECRET!,
    label: e.STAFF_OIDC_LABEL ?? 'the campus account',
    claim: e.STAFF_OIDC_CLAIM,
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
