import { describe, expect, it } from 'vitest';
import { deriveWebStatus } from './web-status';

describe('deriveWebStatus', () => {
  it.each([
    [[], 'none'],
    [['started'], 'started'],
    [['started', 'started'], 'started'],
    [['started', 'validating'], 'validating'],
    [['started', 'validating', 'submitted'], 'submitted'],
    [['started', 'bogus'], 'started'],
  ])('%j is %s', (list, expected) => {
    expect(deriveWebStatus(list.map((web_status) => ({ web_status })))).toBe(expected);
  });
});
