import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

interface SaveCall {
  /** What the browser found wrong before asking the server (which checks again); nothing is saved then. */
  problem: string | undefined;
  /** Saves, and takes the server's copy into the editor (a new criterion's id is the server's). */
  call: () => Promise<unknown>;
  /** Said in the editor's live region once saved. */
  saved: string;
  /** The saved copy, read again so the other screens see it. */
  queryKey: QueryKey;
}

/** The id of an editor's live region (EditorSection's), focused once a save is done. */
export const saidIdOf = (editorId: string) => `${editorId}-said`;

/**
 * What a workflow editor says and does around its one Save: the browser's problem, the call's error, busy.
 * Saved, the editor stays as it is (the program's rubric, the stages) and focus goes to the confirmation,
 * which stays until the next change (`changed`) says otherwise (issue 49).
 */
export function useEditorSave(editorId: string) {
  const queryClient = useQueryClient();
  const [said, setSaid] = useState('');
  const [problem, setProblem] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const save = async ({ problem: found, call, saved, queryKey }: SaveCall) => {
    setError(undefined);
    if (found) {
      setProblem(found);
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      await call();
      setSaid(saved);
      focusLater(saidIdOf(editorId));
      await queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  /** An edit since the last save: what that save said no longer holds. */
  const changed = () => setSaid('');
  return { said, setSaid, changed, problem, setProblem, error, busy, save };
}

export type EditorSave = ReturnType<typeof useEditorSave>;

/** Focus an element once the change that draws it (or takes away the focused one) is on the screen. */
export const focusLater = (elementId: string) =>
  requestAnimationFrame(() => document.getElementById(elementId)?.focus());
