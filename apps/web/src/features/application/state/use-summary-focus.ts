import { useCallback, useRef, useState } from 'react';

/**
 * After a submit with errors, focus moves to the validation summary on the
 * page the applicant is sent to, every time, so a screen reader announces it
 * again on the second submit too. The request names the page, so a summary
 * still on screen on the page being left does not take it.
 */
export function useSummaryFocus() {
  const pending = useRef<string | null>(null);
  const [summaryFocusKey, setKey] = useState(0);

  const requestSummaryFocus = useCallback((path: string) => {
    pending.current = path;
    setKey((key) => key + 1);
  }, []);

  const takeSummaryFocus = useCallback((path: string) => {
    if (pending.current !== path) return false;
    pending.current = null;
    return true;
  }, []);

  return { summaryFocusKey, requestSummaryFocus, takeSummaryFocus };
}
