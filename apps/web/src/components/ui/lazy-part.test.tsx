import { act, render, screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { lazyPart } from './lazy-part';

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>;
}

/** A loader whose fetches are answered by the test, one at a time, as the network would. */
function controlledLoader() {
  const pending: { resolve: (c: typeof Greeting) => void; reject: (e: Error) => void }[] = [];
  const load = () =>
    new Promise<typeof Greeting>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { load, pending };
}

describe('lazyPart', () => {
  test('draws nothing while its code is on its way, then the part', async () => {
    const { load, pending } = controlledLoader();
    const part = lazyPart(load);
    const { container } = render(<part.Part name="Ada" />);
    expect(container).toBeEmptyDOMElement();
    expect(pending).toHaveLength(1);
    await act(async () => pending[0]!.resolve(Greeting));
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
    expect(part.isLoaded()).toBe(true);
  });

  test('once fetched, draws at once, without a step in between', async () => {
    const { load, pending } = controlledLoader();
    const part = lazyPart(load);
    const preloaded = part.preload();
    pending[0]!.resolve(Greeting);
    await preloaded;
    render(<part.Part name="Grace" />);
    expect(screen.getByText('Hello, Grace')).toBeInTheDocument();
    expect(pending).toHaveLength(1);
  });

  test('code that could not be fetched draws nothing, and is fetched again when the part next mounts', async () => {
    const { load, pending } = controlledLoader();
    const part = lazyPart(load);
    const { container, rerender } = render(<part.Part key="first" name="Ada" />);
    await act(async () => pending[0]!.reject(new Error('offline')));
    expect(container).toBeEmptyDOMElement();
    expect(part.isLoaded()).toBe(false);

    // As the toast region does with each new toast while its code is missing.
    rerender(<part.Part key="second" name="Ada" />);
    expect(pending).toHaveLength(2);
    await act(async () => pending[1]!.resolve(Greeting));
    expect(await screen.findByText('Hello, Ada')).toBeInTheDocument();
  });
});
