import type { ChecklistLetter, FeeView } from '@admissions/domain';
import { describe, expect, it } from 'vitest';
import { checklistChangesAt } from './checklist-changes-at';

const now = new Date('2026-11-29T15:00:00Z');
const letter = (over: Partial<ChecklistLetter>): ChecklistLetter => ({
  status: 'REQUESTED',
  name: 'R. Ecommender',
  email: 'r@example.edu',
  requested_at: new Date('2026-10-01T00:00:00Z'),
  responded_at: null,
  opened_at: null,
  address_problem: '',
  address_problem_at: null,
  lapsed: false,
  ...over,
});
const fee = (over: Partial<FeeView>): FeeView => ({ ...({} as FeeView), ...over });

describe('checklistChangesAt', () => {
  it('is the next UTC day when nothing comes due sooner', () => {
    expect(checklistChangesAt(now, {}, [])).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(checklistChangesAt(new Date('2026-11-29T23:59:59.999Z'), {}, [])).toEqual(new Date('2026-11-30T00:00:00Z'));
    expect(checklistChangesAt(new Date('2026-11-30T00:00:00Z'), {}, [])).toEqual(new Date('2026-12-01T00:00:00Z'));
  });

  it('is an unanswered letter lapsing or a fee falling due, whichever comes first', () => {
    const lapses = new Date('2026-11-29T18:00:00Z');
    const due = new Date('2026-11-29T17:00:00Z');
    expect(checklistChangesAt(now, { rec1: letter({ expires_at: lapses }) }, [])).toEqual(lapses);
    expect(
      checklistChangesAt(now, { rec1: letter({ expires_at: lapses }) }, [fee({ due_at: due.toISOString() })]),
    ).toEqual(due);
  });

  it('passes over what cannot change any more: an answered or lapsed letter, an instant already past', () => {
    const soon = new Date('2026-11-29T16:00:00Z');
    const day = new Date('2026-11-30T00:00:00Z');
    expect(checklistChangesAt(now, { rec1: letter({ status: 'RECEIVED', expires_at: soon }) }, [])).toEqual(day);
    expect(checklistChangesAt(now, { rec1: letter({ lapsed: true, expires_at: soon }) }, [])).toEqual(day);
    expect(checklistChangesAt(now, {}, [fee({ due_at: '2026-11-29T14:00:00.000Z' })])).toEqual(day);
    expect(checklistChangesAt(now, {}, [fee({ due_at: now.toISOString() })])).toEqual(day);
  });
});
