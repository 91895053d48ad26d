import { QueryClient, QueryClientProvider, useMutation as useQueryMutation } from '@tanstack/react-query';
import { act } from '@testing-library/react';
import { useLayoutEffect, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { useMutation } from './use-mutation';

type Hook = typeof useMutation;

function withClient(children: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/**
 * A screen whose user acts in its first frame: the call starts as the screen is drawn (a layout effect),
 * before Preact has run the effects after paint, as a tap or an Enter right after the screen appears does.
 */
function FirstFrameCall({ hook, fail, seen }: { hook: Hook; fail: boolean; seen: (what: string) => void }) {
  const mutation = hook({
    mutationFn: (name: string) => (fail ? Promise.reject(new Error(`no ${name}`)) : Promise.resolve(`hello ${name}`)),
  });
  const { mutate } = mutation;
  useLayoutEffect(() => {
    mutate('Ada', { onSuccess: (data) => seen(data), onError: (error) => seen(error.message) });
  }, [mutate, seen]);
  return <p>{mutation.status}</p>;
}

/**
 * Draws a screen as the router does when a page's code arrives: outside act(), so Preact runs its effects after
 * the next paint (act would run them at once). Returns its container and a way to take it away.
 */
function render(ui: ReactNode) {
  const container = document.body.appendChild(document.createElement('div'));
  const root = createRoot(container);
  root.render(ui);
  const unmount = () => act(() => root.unmount());
  drawn.push(unmount);
  return { container, unmount };
}
const drawn: (() => void)[] = [];
afterEach(() => drawn.splice(0).forEach((unmount) => unmount()));

/** Settles the call's promise and lets Preact paint (jsdom's frame, or Preact's 100 ms fallback). */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 150)));
}

describe('useMutation', () => {
  test.each([
    ['succeeds', false, 'hello Ada'],
    ['fails', true, 'no Ada'],
  ])("follows up a call made in the screen's first frame that %s", async (_, fail, expected) => {
    const seen = vi.fn();
    const view = render(withClient(<FirstFrameCall hook={useMutation} fail={fail} seen={seen} />));
    await settle();
    expect(seen.mock.calls).toEqual([[expected]]);
    expect(view.container).toHaveTextContent(fail ? 'error' : 'success');
  });

  test("TanStack's own hook, under Preact, loses that follow-up: the reason this one exists", async () => {
    const seen = vi.fn();
    const view = render(withClient(<FirstFrameCall hook={useQueryMutation as Hook} fail seen={seen} />));
    await settle();
    // The call ran and its state says so; only the callbacks given to mutate() were dropped.
    expect(view.container).toHaveTextContent('error');
    expect(seen).not.toHaveBeenCalled();
  });

  test('does not follow up once the screen has gone, as TanStack does not', async () => {
    const seen = vi.fn();
    let answer: (value: string) => void = () => {};
    function Leaving() {
      const { mutate } = useMutation({ mutationFn: () => new Promise<string>((resolve) => (answer = resolve)) });
      useLayoutEffect(() => mutate(undefined, { onSuccess: seen }), [mutate]);
      return null;
    }
    const view = render(withClient(<Leaving />));
    view.unmount();
    answer('late');
    await settle();
    expect(seen).not.toHaveBeenCalled();
  });
});
