import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';

describe('STAFF_EMAILS', () => {
  it('names the staff, compared without case or surrounding spaces', () => {
    const config = loadConfig({ STAFF_EMAILS: ' Dean@College.test,registrar@college.test ,' });
    expect([...config.staffEmails]).toEqual(['dean@college.test', 'registrar@college.test']);
  });

  it('is no one when unset or empty', () => {
    expect(loadConfig({}).staffEmails.size).toBe(0);
    expect(loadConfig({ STAFF_EMAILS: '' }).staffEmails.size).toBe(0);
  });

  it('stops the boot with a clear message for anything that is not a list of addresses', () => {
    expect(() => loadConfig({ STAFF_EMAILS: 'dean@college.test; registrar' })).toThrow(ConfigError);
    expect(() => loadConfig({ STAFF_EMAILS: 'dean@college.test,registrar' })).toThrow(
      /STAFF_EMAILS: must be a comma-separated list of e-mail addresses/,
    );
  });
});
