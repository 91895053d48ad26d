import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/*
 * Vitest runs without globals here, so Testing Library cannot register its
 * own clean-up: unmount every render after each test ourselves.
 */
afterEach(() => {
  cleanup();
});

/*
 * jsdom lacks ResizeObserver, which Radix (popover positioning, sizes) uses.
 * Nothing in a test depends on real sizes, so an inert one is enough.
 */
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
