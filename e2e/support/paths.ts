import path from 'node:path';

export const E2E_TMP = path.join(import.meta.dirname, '..', '.tmp');
export const MAIL_DIR = path.join(E2E_TMP, 'mail');
export const DATA_DIR = path.join(E2E_TMP, 'data');
/** The second stack's own database and files (tenant: apps/server/tenant/test-tenant-lakeside.json); its mail goes to MAIL_DIR too. */
export const LAKESIDE_DATA_DIR = path.join(E2E_TMP, 'data-lakeside');
export const LAKESIDE_TENANT = path.resolve(import.meta.dirname, '../../apps/server/tenant/test-tenant-lakeside.json');

/** The staff account of the e2e server (STAFF_EMAILS); the data directory is new at every run, so it is signed up afresh. */
export const STAFF_EMAIL = 'office.e2e@college.test';
