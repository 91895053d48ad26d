import type { Answers } from '../api/profile';
import type { CarryOverConflict } from '../api/carry-over';
import { formFields } from './answer-keys';
import type { FormDefinition } from './form-types';

export interface CarryOverPlan {
  /** Answers for questions the account has not answered, with their `_desc` companions. */
  fill: Answers;
  conflicts: CarryOverConflict[];
}

/**
 * Which of a visitor's answers may join an account's saved answers without
 * asking: those to questions the account has not answered. An answer that
 * differs from a saved one is never written here; it is reported for the
 * applicant to choose. Keys the form does not know are ignored; `_desc`
 * companions follow their question.
 */
export function planCarryOver(form: FormDefinition, saved: Answers, carried: Answers): CarryOverPlan {
  const plan: CarryOverPlan = { fill: {}, conflicts: [] };
  for (const field of formFields(form)) {
    if (field.descOf) continue;
    const value = carried[field.key] ?? '';
    if (value === '') continue;
    const stored = saved[field.key] ?? '';
    const descKey = 'descKey' in field.question ? field.question.descKey : undefined;
    if (stored === '') {
      plan.fill[field.key] = value;
      if (descKey) plan.fill[descKey] = carried[descKey] ?? '';
    } else if (stored !== value) {
      plan.conflicts.push({
        key: field.key,
        saved: stored,
        carried: value,
        saved_text: (descKey && saved[descKey]) || stored,
        carried_text: (descKey && carried[descKey]) || value,
        ...(descKey ? { carried_desc: { key: descKey, value: carried[descKey] ?? '' } } : {}),
      });
    }
  }
  return plan;
}
