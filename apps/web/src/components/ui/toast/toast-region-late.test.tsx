import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';

/**
 * On a slow phone the toast region's code (fetched once the page has settled) may still be on its way when an
 * error must be shown. The test setup fetches it ahead for every other test; here a fresh copy of the provider
 * gets it only when the test lets it arrive.
 */
test('a toast asked for before the region has arrived shows once it arrives', async () => {
  let arrive: () => void = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  vi.doMock('./toast-region', async (importOriginal) => {
    await arrived;
    return importOriginal();
  });
  // Its own copy (the query makes it another module), which has not fetched the region; Preact stays one.
  const copy = './toast-provider?region-late';
  const { ToastProvider } = (await import(/* @vite-ignore */ copy)) as typeof import('./toast-provider');
  const { useToast } = await import('./toast-context');

  function Failing() {
    const { showToast } = useToast();
    return (
      <button
        type="button"
        onClick={() => showToast({ title: 'Save Error', description: 'Offline.', severity: 'error' })}
      >
        Save
      </button>
    );
  }
  render(
    <ToastProvider>
      <Failing />
    </ToastProvider>,
  );
  await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Save' }));
  expect(screen.queryByRole('listitem', { name: 'Save Error' })).not.toBeInTheDocument();

  await act(async () => arrive());
  expect(await screen.findByRole('listitem', { name: 'Save Error' })).toHaveTextContent('Offline.');
  vi.doUnmock('./toast-region');
});
