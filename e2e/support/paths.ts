import path from 'node:path';

export const E2E_TMP = path.join(import.meta.dirname, '..', '.tmp');
export const MAIL_DIR = path.join(E2E_TMP, 'mail');
export const DATA_DIR = path.join(E2E_TMP, 'data');

/** The staff account of the e2e server (STAFF_EMAILS); the data directory is new at every run, so it is signed up afresh. */
export const STAFF_EMAIL = 'office.e2e@college.test';
