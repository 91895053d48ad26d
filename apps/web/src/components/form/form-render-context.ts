import type { Answers, DocumentAnswer, FileQuestion, FormSection, Question } from '@admissions/domain';
import type { ReactNode } from 'react';

/**
 * Everything the form renderer needs from the page that shows it. The
 * renderer holds no answers of its own: it reports changes and the caller
 * applies the clearing rules, saves, and decides which errors to show.
 */
export interface FormRenderContext {
  /** Current answers, unsaved edits included. */
  answers: Answers;
  /**
   * The keys a user action changed. Radio, select and conditional-select
   * changes carry the `<key>_desc` companion with the chosen option's label
   * ('' when cleared).
   */
  onChange(changes: Answers): void;
  /** Messages shown under each field when non-empty; the caller decides when. */
  errors: Readonly<Record<string, readonly string[]>>;
  /** Add-another counts by button id and chosen tabs by tab id (SPEC section 3). */
  view: { addAnother: Record<string, number>; tabs: Record<string, string> };
  /** Undefined hides the 'Add Another' button (logged out, SPEC section 4). */
  onAddAnother?: (buttonId: string, count: number) => void;
  /** Removes block `number` (1-based) and moves later ones up; rejects when it failed. Undefined: no Remove action. */
  onRemoveRepeat?: (buttonId: string, number: number, itemTitle: string) => Promise<void>;
  /** Undefined shows only each tab group's default tab (logged out, SPEC section 4). */
  onTabChange?: (tabId: string, chosenTab: string) => void;
  /** Logged-out users cannot upload: file questions are disabled with a message. */
  isLoggedIn: boolean;
  /** Service-user print rendering: text and [X]/[ ] marks, no inputs and no error messages. */
  readOnly: boolean;
  /** The profile's document_answer: uploads already attached, by field key. */
  documents?: Readonly<Record<string, DocumentAnswer>>;
  /** The documents feature's upload widget; the default is a file input that only checks the chosen file. */
  renderFile?: (question: FileQuestion) => ReactNode;
  /**
   * What a feature adds at the end of a shown section, after its questions
   * (e.g. a recommender's letter request); nothing when left out.
   */
  renderAfterSection?: (section: FormSection) => ReactNode;
  /** "Now" for the date-window banner; the real clock when left out. */
  now?: Date;
}

/** What every question renderer receives. */
export interface QuestionProps<Q extends Question = Question> {
  question: Q;
  ctx: FormRenderContext;
  /**
   * Renders child questions (skipping hidden ones) through the registry.
   * Passed in, rather than imported, so container renderers and the registry
   * do not import each other.
   */
  renderQuestions: (questions: readonly Question[]) => ReactNode;
}
