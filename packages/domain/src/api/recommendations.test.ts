import { describe, expect, it } from 'vitest';
import { RECOMMENDATION_MESSAGES } from './recommendations';

describe('recommendation messages', () => {
  it('write the length limits as a reader expects them, with thousands grouped', () => {
    expect(RECOMMENDATION_MESSAGES.letterTooLong).toBe(
      'Please keep your letter under 20,000 characters, or upload it as a file.',
    );
    expect(RECOMMENDATION_MESSAGES.reasonTooLong).toBe('Please keep your reason under 1,000 characters.');
  });
});
