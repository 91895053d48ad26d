import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { pinApplication } from '../lib/application-id';
import { settleAfterPaint } from './settle-after-paint';

/*
 * Vitest runs without globals here, so Testing Library cannot register its
 * own clean-up: unmount every render after each test ourselves, and undo
 * what tests set up around the app (fetch stubs, cookies).
 */
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  for (const pair of document.cookie.split(';')) {
    const name = pair.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  // Each test is a fresh page: it has shown no application yet (lib/application-id.ts).
  pinApplication(null);
});

/*
 * A file must not end while Preact still has an effect flush scheduled
 * (settle-after-paint.ts). Real timers first: a file may leave fake ones on,
 * and then a frame never comes; what was scheduled on fake ones never fires.
 */
afterAll(async () => {
  vi.useRealTimers();
  await settleAfterPaint();
});

/*
 * The first visit to a route loads its module; on a busy machine (CI, tests
 * of other packages running alongside) that can take more than the default
 * second that findBy and waitFor wait.
 */
configure({ asyncUtilTimeout: 5000 });

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

/* jsdom does not scroll: its window.scrollTo only reports that it is not implemented. */
window.scrollTo = () => {};

/* jsdom lacks pointer capture, which Radix toasts use for swipe-to-close. */
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false;
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
}

/* jsdom's Blob lacks arrayBuffer() (the upload widget reads a file's first bytes); FileReader reads the same bytes. */
if (!('arrayBuffer' in Blob.prototype)) {
  Object.defineProperty(Blob.prototype, 'arrayBuffer', {
    value(this: Blob): Promise<ArrayBuffer> {
      return new Promise((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(reader.result as ArrayBuffer);
        reader.onerror = () => reject(reader.error);
        reader.readAsArrayBuffer(this);
      });
    },
  });
}
/*
 * Dialogs, toasts and the account menu fetch their code on first use (lazy-part.tsx).
 * Fetched here once, so tests see them open at once, as a browser does once
 * the code has arrived; lazy-part.test.tsx covers the fetching itself.
 */
await Promise.all([
  import('../components/ui/modal').then((m) => m.preloadModal()),
  import('../components/layout/account-popover').then((m) => m.preloadAccountPopover()),
  import('../components/ui/toast/toast-provider').then((m) => m.preloadToasts()),
]);
