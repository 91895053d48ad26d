import { MAX_EMAIL_LENGTH } from '../account/email';
import { TEXT_AREA_MAX_LENGTH, TEXT_INPUT_MAX_LENGTH } from '../constants';
import type { QuestionKind } from './question-types';

/**
 * What a kind stores in the answers: one value, a value plus its `_desc`
 * label, or nothing of its own (containers and content).
 */
export type KindStorage = 'value' | 'choice' | 'none';

export interface KindInfo {
  readonly storage: KindStorage;
  /** Holds other questions, which may store answers. */
  readonly container: boolean;
  /** Used when a question does not set maxLength; selects measure their options instead. */
  readonly defaultMaxLength?: number;
}

/**
 * The registry of question kinds. A renderer must handle every kind listed
 * here; the contract test walks this list.
 */
export const QUESTION_KINDS = {
  text: { storage: 'value', container: false, defaultMaxLength: TEXT_INPUT_MAX_LENGTH },
  textarea: { storage: 'value', container: false, defaultMaxLength: TEXT_AREA_MAX_LENGTH },
  date: { storage: 'value', container: false, defaultMaxLength: 'YYYY-MM-DD'.length },
  'month-year': { storage: 'value', container: false, defaultMaxLength: 'YYYY-MM'.length },
  phone: { storage: 'value', container: false, defaultMaxLength: '(NXX) NNN-NNNN'.length },
  ssn: { storage: 'value', container: false, defaultMaxLength: 'NNN-NN-NNNN'.length },
  email: { storage: 'value', container: false, defaultMaxLength: MAX_EMAIL_LENGTH },
  select: { storage: 'choice', container: false },
  'conditional-select': { storage: 'choice', container: false },
  radio: { storage: 'choice', container: false },
  checkbox: { storage: 'value', container: false, defaultMaxLength: 'true'.length },
  'check-group': { storage: 'none', container: true },
  'address-block': { storage: 'none', container: true },
  'school-block': { storage: 'none', container: true },
  // The web app decides what marks an upload answered (a name or a storage key); 255 leaves room for either.
  file: { storage: 'value', container: false, defaultMaxLength: 255 },
  tabs: { storage: 'none', container: true },
  'add-another': { storage: 'none', container: true },
  'confirmation-gate': { storage: 'value', container: true, defaultMaxLength: 'true'.length },
  'date-window-banner': { storage: 'none', container: false },
  static: { storage: 'none', container: false },
  'condition-group': { storage: 'none', container: true },
} as const satisfies Record<QuestionKind, KindInfo>;

export const QUESTION_KIND_NAMES = Object.keys(QUESTION_KINDS) as QuestionKind[];
