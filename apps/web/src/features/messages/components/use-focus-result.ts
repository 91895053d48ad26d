import { useEffect, useRef, useState } from 'react';

/**
 * Where focus goes once an action is done: its result's message (the button that acted is often gone or disabled
 * by then). Call `focusResult` with the state change that shows the message; the element under `ref` (tabIndex -1)
 * takes the focus once it is drawn.
 */
export function useFocusResult<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null);
  const [results, setResults] = useState(0);
  useEffect(() => {
    if (results > 0) ref.current?.focus();
  }, [results]);
  return { ref, focusResult: () => setResults((n) => n + 1) };
}
