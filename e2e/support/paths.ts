import path from 'node:path';

export const E2E_TMP = path.join(import.meta.dirname, '..', '.tmp');
export const MAIL_DIR = path.join(E2E_TMP, 'mail');
export const DATA_DIR = path.join(E2E_TMP, 'data');
/** The second stack's own database and files (tenant: apps/server/tenant/test-tenant-lakeside.json); its mail goes to MAIL_DIR too. */
export const LAKESIDE_DATA_DIR = path.join(E2E_TMP, 'data-lakeside');
/** The third stack's database (issue 44: staff sign-in with the campus account and a second factor). */
export const CAMPUS_DATA_DIR = path.join(E2E_TMP, 'data-campus');
export const LAKESIDE_TENANT = path.resolve(import.meta.dirname, '../../apps/server/tenant/test-tenant-lakeside.json');

/** The staff account of the e2e server (STAFF_EMAILS); the data directory is new at every run, so it is signed up afresh. */
export const STAFF_EMAIL = 'office.e2e@college.test';

/** The campus stack's administrator (its STAFF_EMAILS), who signs in with a password and a second factor. */
export const CAMPUS_ADMIN_EMAIL = 'admin.campus@college.test';

/** The campus stack's other administrator, who seeds its team through the API (support/campus-office.ts). */
export const CAMPUS_OFFICE_EMAIL = 'office.campus@college.test';
/** That administrator's authenticator key, kept between journeys of one run (its stack is new at every run). */
export const CAMPUS_OFFICE_TOTP_FILE = path.join(E2E_TMP, 'campus-office-totp');
