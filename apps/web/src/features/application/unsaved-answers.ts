/**
 * Lets code outside the application pages (the inactivity logout, the Log Out
 * button) save the applicant's unsaved answers first. The mounted application
 * state registers its saver here; with no form on screen there is nothing to save.
 */
type Saver = () => Promise<void>;

let current: Saver | null = null;

/** Called by the application state while it is mounted; returns the unregister function. */
export function registerUnsavedAnswersSaver(saver: Saver): () => void {
  current = saver;
  return () => {
    if (current === saver) current = null;
  };
}

/**
 * Saves the answers not yet sent to the server. Best effort: it never
 * rejects, so a logout that follows always happens (a failure is reported by
 * the application itself).
 */
export async function saveUnsavedAnswers(): Promise<void> {
  try {
    await current?.();
  } catch {
    // Reported where the save was made; the caller goes on.
  }
}
