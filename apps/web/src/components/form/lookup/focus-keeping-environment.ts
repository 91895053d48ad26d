import type { Environment } from 'downshift';

/**
 * The window as Downshift sees it, except that its input always counts as the
 * focused element. Downshift moves focus to its input whenever its list
 * opens. Here the list only ever opens from typing in that input, so the move
 * is never wanted, and it can come late: the renderer runs effects after the
 * next paint, by which time the applicant may have tabbed to the next field,
 * whose keystrokes would then land in this one. Told the input is focused,
 * Downshift leaves focus alone.
 */
export function focusKeepingEnvironment(input: () => HTMLElement | null): Environment {
  const document = new Proxy(window.document, {
    get(target, property) {
      if (property === 'activeElement') return input() ?? target.activeElement;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return {
    addEventListener: window.addEventListener.bind(window),
    removeEventListener: window.removeEventListener.bind(window),
    document,
    Node: window.Node,
  };
}
