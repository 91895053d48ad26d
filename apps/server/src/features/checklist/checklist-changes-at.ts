import type { ChecklistLetter, FeeView } from '@admissions/domain';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The first instant after `now` at which a checklist derived at `now` may read otherwise with nothing written: an
 * unanswered letter request lapsing, a fee falling due (`overdue`), or the next UTC day, when the answers' date rules
 * (an age judged against today, validation/dates.ts) move. Whatever keeps a derived checklist (the read API's stored
 * views) keeps it until then and no longer.
 */
export function checklistChangesAt(
  now: Date,
  letters: Readonly<Partial<Record<string, ChecklistLetter>>>,
  fees: readonly FeeView[],
): Date {
  let next = Math.floor(now.getTime() / DAY_MS) * DAY_MS + DAY_MS;
  const consider = (at: number) => {
    if (at > now.getTime() && at < next) next = at;
  };
  for (const letter of Object.values(letters))
    if (letter && letter.status === 'REQUESTED' && !letter.lapsed && letter.expires_at)
      consider(letter.expires_at.getTime());
  for (const fee of fees) if (fee.due_at) consider(Date.parse(fee.due_at));
  return new Date(next);
}
