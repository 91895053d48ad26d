/**
 * The zod schemas of the API's request bodies and queries, and of the tenant
 * configuration: what the server checks untrusted input against. They live
 * behind an entry of their own (`@admissions/domain/schemas`) because building
 * a schema runs code at import time, which no bundler can drop; kept out of the
 * main entry, zod never reaches the browser. The main entry re-exports their
 * inferred types. See docs/decisions/024-schemas-entry-and-lean-first-load.md.
 */
export * from './schemas/accounts';
export * from './schemas/application';
export * from './schemas/carry-over';
export * from './schemas/cycles';
export * from './schemas/client-error';
export * from './schemas/decisions';
export * from './schemas/documents';
export * from './schemas/lookup';
export * from './schemas/recommendations';
export * from './schemas/staff';
export * from './schemas/reports';
export * from './schemas/payments';
export * from './schemas/messages';
export * from './schemas/tenant-config';
export * from './schemas/staff-team';
export * from './schemas/staff-sign-in';
export * from './schemas/integrations';
export * from './schemas/api-v1';
export * from './schemas/api-v1-openapi';
export * from './schemas/status';
export * from './schemas/tenant-decisions';
export * from './schemas/tenant-exports';
