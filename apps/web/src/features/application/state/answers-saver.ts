import type { Answers } from '@admissions/domain';
import type { AnswersStore } from './answers-store';

export interface FlushOptions {
  /** Let the request outlive the page (page hide, tab hidden). */
  keepalive?: boolean;
}

/**
 * Saves the unsaved edits, one save at a time: a flush waits for the one in
 * flight and then sends whatever is still unsaved, so no key is sent twice
 * at once and none is lost. Rejects with the save's error.
 */
export function createAnswersSaver(
  store: AnswersStore,
  send: (answers: Answers, options: FlushOptions) => Promise<unknown>,
  onSaved: (sent: Answers) => void,
): (options?: FlushOptions) => Promise<void> {
  let queue: Promise<void> = Promise.resolve();
  return (options = {}) => {
    const run = async () => {
      const { edits } = store.getSnapshot();
      if (Object.keys(edits).length === 0) return;
      await send(edits, options);
      store.markSaved(edits);
      onSaved(edits);
    };
    const result = queue.then(run);
    queue = result.catch(() => {});
    return result;
  };
}
