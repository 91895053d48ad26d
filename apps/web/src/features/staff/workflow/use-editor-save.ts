import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';

interface SaveCall {
  /** What the browser found wrong before asking the server (which checks again); nothing is saved then. */
  problem: string | undefined;
  call: () => Promise<unknown>;
  /** Said in the editor's live region once saved. */
  saved: string;
  /** The saved copy, read again so the other screens see it. */
  queryKey: QueryKey;
}

/** What a workflow editor says and does around its one Save: the browser's problem, the call's error, busy. */
export function useEditorSave() {
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
      await queryClient.invalidateQueries({ queryKey });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return { said, setSaid, problem, setProblem, error, busy, save };
}

export type EditorSave = ReturnType<typeof useEditorSave>;

/** Focus an element once the change that draws it (or takes away the focused one) is on the screen. */
export const focusLater = (elementId: string) =>
  requestAnimationFrame(() => document.getElementById(elementId)?.focus());
