import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { settleAfterPaint } from '../../../test/settle-after-paint';

/** How many times a page's questions were drawn: once for each render of the page's body. */
const draws = vi.hoisted(() => ({ count: 0 }));
vi.mock('../../../components/form/question-list', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../components/form/question-list')>();
  return {
    ...actual,
    renderQuestionsWith: (...args: Parameters<typeof actual.renderQuestionsWith>) => {
      draws.count++;
      return actual.renderQuestionsWith(...args);
    },
  };
});

/**
 * On a phone, drawing a step's questions is the longest task of a page load
 * (decision 029). What changes around the questions and not in them must not
 * draw them all again.
 */
describe("a step's questions are drawn again only when what they show changes", { timeout: 30_000 }, () => {
  afterEach(async () => {
    await settleAfterPaint();
    draws.count = 0;
  });

  test('a first visit draws them once, though it sets the status and saves the last page after they are drawn', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: [], lastPage: null });
    stubFetch(server.handlers);
    renderApp('/education-alr');

    expect(await screen.findByRole('heading', { level: 1, name: 'Education' })).toBeInTheDocument();
    await waitFor(() => expect(server.state.lastPage).toBe('/education-alr'));
    expect(server.state.webStatuses).toEqual(['started']);
    await settleAfterPaint();
    expect(draws.count).toBe(1);
  });

  test('an answer typed draws them again, once', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'], lastPage: '/about' });
    stubFetch(server.handlers);
    renderApp('/about');

    const firstName = await screen.findByLabelText('First name');
    await waitFor(() => expect(server.state.lastPage).toBe('/about'));
    await settleAfterPaint();
    const before = draws.count;
    await userEvent.type(firstName, 'A');
    expect(firstName).toHaveValue('A');
    await settleAfterPaint();
    expect(draws.count).toBe(before + 1);
  });
});
