import type { Answers } from '../api/profile';
import type { LookupRecord } from '../api/lookup';
import { optionLabel } from '../answers/answer-option';
import { conditionalOptions } from './walk';
import type { AddressBlockQuestion, SchoolBlockQuestion } from './question-types';

export type LookupBlock = AddressBlockQuestion | SchoolBlockQuestion;

/**
 * The answers a chosen lookup record sets in its block (SPEC section 4):
 * every part the record has, choices with their `_desc` label. Parts the
 * record lacks (an address record has no street) keep what the applicant
 * typed. A value the question cannot hold (not among its options) is left
 * blank rather than sent to be refused, and text is cut to the question's
 * length, so a fill never makes a save fail.
 */
export function lookupFillChanges(block: LookupBlock, record: LookupRecord, answers: Answers): Answers {
  const fields = record as unknown as Readonly<Record<string, unknown>>;
  const changes: Record<string, string> = {};
  const valueFor = (part: string) => {
    const v = Object.hasOwn(fields, part) ? fields[part] : undefined;
    return typeof v === 'string' ? v : undefined;
  };
  // Conditional selects last: their options follow the answers set by the others (state after country).
  const parts = [...block.questions].sort(
    (a, b) => Number(a.kind === 'conditional-select') - Number(b.kind === 'conditional-select'),
  );
  for (const question of parts) {
    const value = valueFor(question.part);
    if (value === undefined) continue;
    switch (question.kind) {
      case 'select':
      case 'radio': {
        const label = optionLabel(question.options, value);
        changes[question.key] = label ? value : '';
        changes[question.descKey] = label;
        break;
      }
      case 'conditional-select': {
        const label = optionLabel(conditionalOptions(question, { ...answers, ...changes }), value);
        changes[question.key] = label ? value : '';
        changes[question.descKey] = label;
        break;
      }
      case 'text':
        changes[question.key] = value.slice(0, question.maxLength);
        break;
      default:
        break;
    }
  }
  return changes;
}

/** The question of a block that the applicant types the search into. */
export function lookupSearchQuestion(block: LookupBlock) {
  return block.questions.find((q) => q.part === block.searchPart);
}
