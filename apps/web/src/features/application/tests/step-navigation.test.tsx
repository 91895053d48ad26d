import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { applicantServer } from '../../../test/application-server';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { settleAfterPaint } from '../../../test/settle-after-paint';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const stepLink = (name: string) =>
  within(screen.getByRole('navigation', { name: 'Application steps' })).getByRole('link', { name });

describe('moving between steps', { timeout: 30_000 }, () => {
  test('a visitor without answers moves, replacing the history entry', async () => {
    stubFetch();
    const { user, router } = renderApp('/about');
    await heading('About You');

    await user.click(stepLink('Step 3 Final Steps'));

    await heading('Final Steps');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(stepLink('Step 3 Final Steps')).toHaveAttribute('aria-current', 'page');
  });

  test('a move starts the new step at its top, with focus on its title; a page load leaves both to the browser', async () => {
    const scrolls = vi.spyOn(window, 'scrollTo');
    setLoggedInCookie();
    stubFetch(applicantServer({ webStatuses: ['started'] }).handlers);
    const { user } = renderApp('/about');
    const about = await heading('About You');
    await settleAfterPaint();
    expect(about).not.toHaveFocus();
    expect(scrolls).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));
    const education = await heading('Education');
    await waitFor(() => expect(education).toHaveFocus());
    expect(scrolls).toHaveBeenCalledWith(0, 0);

    // Back does the same.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'About You' })).toHaveFocus());
    scrolls.mockRestore();
  });

  test('a visitor who has entered an answer goes to /signup with the answers', async () => {
    stubFetch();
    const { user, router } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('First name'), 'Ada');

    await user.click(stepLink('Step 2 Education'));

    await heading('Sign Up');
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
  });

  test("a visitor's Next button follows the same rule", async () => {
    stubFetch();
    const { user, router } = renderApp('/about');
    await heading('About You');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await heading('Education');
    await user.type(screen.getByLabelText('Current Employer'), 'Acme');
    await user.click(screen.getByRole('button', { name: 'Back' }));

    await heading('Sign Up');
    expect(router.state.location.state).toEqual({ answers: { employer_current: 'Acme' } });
  });

  test('a logged-in move saves exactly the changed keys, then moves and replaces history', async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: { first_name: 'Ada', last_name: 'Byron' }, webStatuses: ['started'] });
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/about');
    await heading('About You');
    // The first visit: the welcome banner is up until the applicant changes page.
    expect(screen.getByRole('region', { name: 'Welcome' })).toBeInTheDocument();

    const lastName = screen.getByLabelText('Last name');
    await user.clear(lastName);
    await user.type(lastName, 'Lovelace');
    await user.click(stepLink('Step 2 Education'));

    await heading('Education');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(net.callsTo('PUT /api/answer').map((r) => r.body)).toEqual([{ last_name: 'Lovelace' }]);
    expect(server.state.answers).toEqual({ first_name: 'Ada', last_name: 'Lovelace' });
    // Not validating yet: no errors are posted.
    expect(net.callsTo('POST /api/validations')).toHaveLength(0);
    // has_changed_page: the banner is gone.
    expect(screen.queryByRole('region', { name: 'Welcome' })).not.toBeInTheDocument();
  });

  test('a logged-in move without changes saves nothing', async () => {
    setLoggedInCookie();
    const net = stubFetch(applicantServer({ webStatuses: ['started'] }).handlers);
    const { user } = renderApp('/about');
    await heading('About You');

    await user.click(screen.getByRole('button', { name: 'Save and Continue' }));

    await heading('Education');
    expect(net.callsTo('PUT /api/answer')).toHaveLength(0);
  });

  test('while validating, a move posts the errors with the answers', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started', 'validating'] });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');
    expect(document.title).toBe('Error: About You - Application for Admission');

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(stepLink('Step 2 Education'));

    await heading('Education');
    expect(net.callsTo('PUT /api/answer').map((r) => r.body)).toEqual([{ first_name: 'Ada' }]);
    await waitFor(() => expect(net.callsTo('POST /api/validations')).toHaveLength(1));
    expect(server.state.validations).toMatchObject({ last_name: ['Last name'] });
    expect(server.state.validations).not.toHaveProperty('first_name');
  });
});
