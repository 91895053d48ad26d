import { useEffect, useRef, useState } from 'react';

/**
 * Where focus goes once an office action is done (issue 49): its result's message, since the button that acted is
 * often gone or disabled by then (a form closed, a line redrawn). Call `focusResult` with the state change that
 * shows the message; the element under `ref` (with tabIndex -1) takes the focus once it is drawn.
 */
export function useResultFocus<T extends HTMLElement = HTMLParagraphElement>() {
  const ref = useRef<T>(null);
  const [results, setResults] = useState(0);
  useEffect(() => {
    if (results > 0) ref.current?.focus();
  }, [results]);
  return { ref, focusResult: () => setResults((n) => n + 1) };
}
