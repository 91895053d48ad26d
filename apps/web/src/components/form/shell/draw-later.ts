/**
 * Draws that can wait for the page's first paint (the long option lists of
 * select-control.tsx), each run in a task of its own in the order asked, so
 * that no one task draws them all and a tap between two is answered.
 */
const waiting: (() => void)[] = [];

/** Runs each draw in a task of its own, in the order asked. Returns a cancel, for an unmount before its turn. */
export function drawLater(draw: () => void): () => void {
  waiting.push(draw);
  if (waiting.length === 1) setTimeout(drawNext, 0);
  return () => {
    const i = waiting.indexOf(draw);
    if (i > 0) waiting.splice(i, 1);
    else if (i === 0) waiting[0] = () => {};
  };
}

function drawNext(): void {
  waiting[0]?.();
  waiting.shift();
  if (waiting.length > 0) setTimeout(drawNext, 0);
}
