import { describe, expect, it } from 'vitest';
import { conversionPollInterval } from './conversion-api';

describe('conversion polling (SPEC section 4)', () => {
  it('asks again every 2000 ms while unprocessed or in progress, and stops otherwise', () => {
    expect(conversionPollInterval({ status: 'UNPROCESSED', message: '', url: '' })).toBe(2000);
    expect(conversionPollInterval({ status: 'IN_PROGRESS', message: '', url: '' })).toBe(2000);
    for (const status of ['COMPLETED', 'FAILED', 'NOT_ANSWERED'] as const) {
      expect(conversionPollInterval({ status, message: '', url: '' })).toBe(false);
    }
    expect(conversionPollInterval(undefined)).toBe(false);
  });
});
