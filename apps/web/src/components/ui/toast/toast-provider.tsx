import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { lazyPart, preloadWhenSettled } from '../lazy-part';
import { ToastContext, type ToastInput } from './toast-context';
import type { ShownToast } from './toast-region';

// Most visits show no toast: Radix's toast code is not part of a page's first load. It is fetched once the page
// has settled, so that a 'Save Error' can show when the network has gone, or with the first toast if that is sooner.
const Region = lazyPart(() => import('./toast-region').then((m) => m.ToastRegion));
export const preloadToasts = Region.preload;

/** What makes two toasts the same message. */
function contentOf(toast: ToastInput): string {
  return `${toast.severity}\n${toast.title}\n${toast.description ?? ''}`;
}

function withAlias(toast: ShownToast, id: string): string[] | undefined {
  return toast.id === id || toast.aliases?.includes(id) ? toast.aliases : [...(toast.aliases ?? []), id];
}

/** Toasts of SPEC section 9: 5 s (errors 5 min, so they can be read), swipe 50 px, F8 jumps to them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ShownToast[]>([]);
  // Once drawn, the region stays (F8 keeps its landmark), even when its last toast has gone.
  const [regionShown, setRegionShown] = useState(false);
  // A region whose code could not be fetched draws nothing; each new toast mounts it afresh, which fetches again.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => preloadWhenSettled(Region), []);

  const showToast = useCallback((input: ToastInput) => {
    const toast: ShownToast = { ...input, id: input.id ?? contentOf(input), open: true };
    const isSame = (t: ShownToast) => t.open && (t.id === toast.id || contentOf(t) === contentOf(toast));
    setRegionShown(true);
    if (!Region.isLoaded()) setAttempt((n) => n + 1);
    // Shown again, an open toast is the same one, now about the screen this showing is about.
    setToasts((shown) =>
      shown.some(isSame)
        ? shown.map((t) => (isSame(t) ? { ...t, screen: toast.screen, aliases: withAlias(t, toast.id) } : t))
        : [...shown.filter((t) => t.open && t.id !== toast.id), toast],
    );
  }, []);

  // Closing goes through Radix (open=false) so it can animate and give focus back; onClosed then removes it.
  const close = useCallback(
    (which: (t: ShownToast) => boolean) =>
      setToasts((shown) =>
        shown.some((t) => t.open && which(t)) ? shown.map((t) => (which(t) ? { ...t, open: false } : t)) : shown,
      ),
    [],
  );
  const dismissToast = useCallback(
    (id: string) => close((t) => t.id === id || (t.aliases?.includes(id) ?? false)),
    [close],
  );
  const leaveScreen = useCallback((screen: string) => close((t) => t.screen !== screen), [close]);
  const remove = useCallback((id: string) => setToasts((shown) => shown.filter((t) => t.id !== id)), []);
  const api = useMemo(() => ({ showToast, dismissToast, leaveScreen }), [showToast, dismissToast, leaveScreen]);

  return (
    <ToastContext value={api}>
      {children}
      {regionShown && <Region.Part key={attempt} toasts={toasts} onClosed={remove} />}
    </ToastContext>
  );
}
