import path from 'node:path';

export const E2E_TMP = path.join(import.meta.dirname, '..', '.tmp');
export const MAIL_DIR = path.join(E2E_TMP, 'mail');
export const DATA_DIR = path.join(E2E_TMP, 'data');
