import { describe, expect, it } from 'vitest';
import type { CopySource } from './application-copy';
import { COPY_DRAWING, copyVersion } from './copy-cache';

const source = (applicantName: string): CopySource => ({
  header: {
    partnerName: 'Northfield College',
    applicationTitle: 'Graduate Application',
    applicantName,
    email: 'ada@example.edu',
    submittedAt: null,
    timeZone: 'America/Chicago',
  },
  pages: [],
  fileName: { unicode: 'application-lovelace.pdf', ascii: 'application-lovelace.pdf' },
});

describe("a copy's version", () => {
  it('is the same for the same source drawn the same way, and new for a change of either', () => {
    expect(copyVersion(source('Ada Lovelace'))).toBe(copyVersion(source('Ada Lovelace')));
    expect(copyVersion(source('Augusta Lovelace'))).not.toBe(copyVersion(source('Ada Lovelace')));
    // A copy drawn (and stored) before the drawing changed is never taken for one drawn after it.
    expect(copyVersion(source('Ada Lovelace'), COPY_DRAWING - 1)).not.toBe(copyVersion(source('Ada Lovelace')));
  });
});
