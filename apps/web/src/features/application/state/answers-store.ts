import { clearAnswers, type Answers, type FormDefinition } from '@admissions/domain';

export interface AnswersSnapshot {
  /** The saved answers with the unsaved edits on top: what the form shows. */
  readonly answers: Answers;
  /** Every key whose value differs from the saved answers: what the next save sends. */
  readonly edits: Answers;
}

/**
 * The student's answers in the browser: the answers the server has saved and
 * the local edits on top. Kept outside React so timers, page-hide handlers
 * and the inactivity logout always see the latest edits.
 */
export interface AnswersStore {
  subscribe(listener: () => void): () => void;
  getSnapshot(): AnswersSnapshot;
  /** A user's changes, with the clearing rules applied: answers of blocks the change hides become ''. */
  change(changes: Answers): void;
  /** The answers the server has saved (profile load or refetch); unsaved edits stay on top. */
  setSaved(saved: Answers): void;
  /** A save of these values succeeded. */
  markSaved(sent: Answers): void;
  /** The server cleared these keys itself (e.g. a tab switch): saved and shown as ''. */
  clearSaved(keys: readonly string[]): void;
  /** The server changed these keys itself (a removed block's followers moved up): saved and shown as given. */
  replaceSaved(changes: Answers): void;
  /** Forget the unsaved edits (the server refused them for good). */
  discardEdits(): void;
}

/** Keys of `answers` whose value differs from `saved` ('' and missing are the same). */
export function diffAnswers(saved: Answers, answers: Answers): Answers {
  const edits: Answers = {};
  for (const [key, value] of Object.entries(answers)) {
    if (value !== (saved[key] ?? '')) edits[key] = value;
  }
  return edits;
}

export function hasAnyAnswer(answers: Answers): boolean {
  return Object.values(answers).some((value) => value !== '');
}

/** Only the keys with a value: what a visitor's answers add to an account. */
export function nonEmptyAnswers(answers: Answers): Answers {
  return Object.fromEntries(Object.entries(answers).filter(([, value]) => value !== ''));
}

export function createAnswersStore(form: FormDefinition): AnswersStore {
  let saved: Answers = {};
  let snapshot: AnswersSnapshot = { answers: {}, edits: {} };
  const listeners = new Set<() => void>();

  const publish = (answers: Answers) => {
    snapshot = { answers, edits: diffAnswers(saved, answers) };
    for (const listener of listeners) listener();
  };

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    change(changes) {
      const prev = snapshot.answers;
      if (Object.entries(changes).every(([key, value]) => (prev[key] ?? '') === value)) return;
      publish(clearAnswers(prev, { ...prev, ...changes }, form).answers);
    },
    setSaved(next) {
      saved = next;
      publish({ ...next, ...snapshot.edits });
    },
    markSaved(sent) {
      saved = { ...saved, ...sent };
      publish(snapshot.answers);
    },
    clearSaved(keys) {
      this.replaceSaved(Object.fromEntries(keys.map((key) => [key, ''])));
    },
    replaceSaved(changes) {
      saved = { ...saved, ...changes };
      publish({ ...snapshot.answers, ...changes });
    },
    discardEdits() {
      publish(saved);
    },
  };
}
