import { buildForm, type ProfileResponse } from '@admissions/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ToastContext, type ToastApi } from '../../../components/ui/toast/toast-context';
import { createAnswersStore } from './answers-store';
import { useBoot } from './use-boot';
import { sampleFormTenant } from '../../../../../../test/tenants';

const toasts: ToastApi = { showToast: vi.fn(), dismissToast: vi.fn(), leaveScreen: vi.fn() };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient()}>
      <ToastContext value={toasts}>
        <MemoryRouter initialEntries={['/about']}>{children}</MemoryRouter>
      </ToastContext>
    </QueryClientProvider>
  );
}

const profile: ProfileResponse = {
  answer: { first_name: 'Dan' },
  document_answer: {},
  username: 'dan@example.edu',
  last_page: '/about',
  successful_login: ['2026-11-24T09:00:00.000Z'],
  web_status: [{ web_status: 'started' }],
};

describe('useBoot', () => {
  test('the page is drawn in a task of its own, after the first-visit work', async () => {
    const store = createAnswersStore(buildForm(sampleFormTenant('Test')));
    const { result } = renderHook(
      () =>
        useBoot({
          isLoggedIn: true,
          profile,
          userDataLoaded: true,
          store,
          onSaveError: vi.fn(),
          onCarried: vi.fn(),
        }),
      { wrapper },
    );

    // The effects have run (act flushes them): the saved answers are in, the page not yet drawn.
    expect(store.getSnapshot().answers.first_name).toBe('Dan');
    expect(result.current).toBe(false);

    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(result.current).toBe(true);
  });
});
