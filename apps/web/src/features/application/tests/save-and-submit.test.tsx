import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { applicantServer, completeAnswers, SUBMITTED_MESSAGE } from '../../../test/application-server';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const SUMMARY = "We're missing some information!";

describe('Save and Submit for visitors', { timeout: 30_000 }, () => {
  test('Submit goes to /signup with the answers', async () => {
    stubFetch();
    const { user, router } = renderApp('/final-steps');
    await heading('Final Steps');
    const dismissed = screen.getByRole('group', {
      name: 'Have you ever been dismissed from any college or graduate school?',
    });
    await user.click(within(dismissed).getByRole('radio', { name: 'No' }));

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('Sign Up');
    expect(router.state.location.state).toEqual({ answers: expect.objectContaining({ suspended: 'N' }) });
  });

  test('Save without answers stays on the page; with answers it goes to /signup', async () => {
    const net = stubFetch();
    const { user, router } = renderApp('/about');
    await heading('About You');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(router.state.location.pathname).toBe('/about');

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await heading('Sign Up');
    expect(router.state.location.state).toEqual({ answers: { first_name: 'Ada' } });
    expect(net.callsTo('PUT /api/answer')).toHaveLength(0);
  });
});

describe('Save and Submit for logged-in applicants', { timeout: 30_000 }, () => {
  test('Save sends the changed keys and confirms; no errors are posted while started', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('listitem', { name: 'Saved' })).toHaveTextContent('Your answers have been saved.');
    expect(net.callsTo('PUT /api/answer').map((r) => r.body)).toEqual([{ first_name: 'Ada' }]);
    expect(net.callsTo('POST /api/validations')).toHaveLength(0);
  });

  test('while validating, Save posts the errors only when there are some', async () => {
    setLoggedInCookie();
    const answers = completeAnswers();
    const server = applicantServer({ answers: { ...answers, first_name: '' }, webStatuses: ['started', 'validating'] });
    const net = stubFetch(server.handlers);
    const { user } = renderApp('/about');
    await heading('About You');

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('listitem', { name: 'Saved' });
    expect(net.callsTo('POST /api/validations').map((r) => r.body)).toEqual([
      { errors: { first_name: ['First name'] } },
    ]);

    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo('PUT /api/answer')).toHaveLength(1));
    await waitFor(() => expect(screen.getAllByRole('listitem', { name: 'Saved' }).length).toBeGreaterThan(0));
    expect(net.callsTo('POST /api/validations')).toHaveLength(1);
  });

  test('Submit with a complete application: validating, submit, submitted, then /completion with the message', async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: completeAnswers(), webStatuses: ['started'], lastPage: '/final-steps' });
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/final-steps');
    await heading('Final Steps');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('Application Submitted');
    expect(router.state.location.pathname).toBe('/completion');
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent(SUBMITTED_MESSAGE);
    expect(net.callsTo('POST /api/web-status').map((r) => r.body)).toEqual([
      { web_status: 'validating' },
      { web_status: 'submitted' },
    ]);
    expect(net.callsTo('POST /api/submit')).toHaveLength(1);
    expect(net.callsTo('POST /api/validations')).toHaveLength(0);
    expect(screen.getByRole('region', { name: 'Welcome' })).toHaveTextContent('Thank you, Ada!');
    // The applicant's own data, one download away (issue 31).
    expect(screen.getByRole('link', { name: 'Download all your data' })).toHaveAttribute('href', '/api/my-data');
  });

  test('Submit with missing answers: errors posted, default page, summary focused with links to page#key', async () => {
    setLoggedInCookie();
    const server = applicantServer({
      answers: { ...completeAnswers(), first_name: '', essay: '' },
      webStatuses: ['started'],
    });
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/final-steps');
    await heading('Final Steps');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('About You');
    expect(router.state.location.pathname).toBe('/about');
    const summary = screen.getByRole('region', { name: SUMMARY });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveTextContent(
      'The links below show what needs to be corrected. Missing or incorrect items will be highlighted on each page; simply fix them and then resubmit your application.',
    );
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['First name', '/about#first_name'],
      ['Statement of Purpose', '/education-alr#essay'],
    ]);
    expect(document.title).toBe('Error: About You - Application for Admission');
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(net.callsTo('POST /api/web-status').map((r) => r.body)).toEqual([{ web_status: 'validating' }]);
    expect(net.callsTo('POST /api/validations').map((r) => r.body)).toEqual([
      { errors: { first_name: ['First name'], essay: ['Statement of Purpose'] } },
    ]);
    expect(net.callsTo('POST /api/submit')).toHaveLength(0);

    // Fixing a field updates the summary live.
    await user.type(screen.getByLabelText('First name'), 'Ada');
    expect(
      within(summary)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Statement of Purpose']);
  });

  test('a summary link on another page scrolls there and puts focus in the field', async () => {
    setLoggedInCookie();
    stubFetch(
      applicantServer({ answers: { ...completeAnswers(), essay: '' }, webStatuses: ['started', 'validating'] })
        .handlers,
    );
    const { user, router } = renderApp('/about');
    await heading('About You');

    await user.click(
      within(screen.getByRole('region', { name: SUMMARY })).getByRole('link', { name: 'Statement of Purpose' }),
    );

    await heading('Education');
    expect(router.state.location.hash).toBe('#essay');
    await waitFor(() => expect(document.getElementById('essay')).toHaveFocus());
  });

  test('a summary link on the same page puts focus in the field', async () => {
    setLoggedInCookie();
    stubFetch(
      applicantServer({ answers: { ...completeAnswers(), last_name: '' }, webStatuses: ['started', 'validating'] })
        .handlers,
    );
    const { user } = renderApp('/about');
    await heading('About You');

    await user.click(within(screen.getByRole('region', { name: SUMMARY })).getByRole('link', { name: 'Last name' }));

    await waitFor(() => expect(screen.getByLabelText('Last name')).toHaveFocus());
  });

  test('a second submit moves focus to the summary again', async () => {
    setLoggedInCookie();
    stubFetch(applicantServer({ answers: { ...completeAnswers(), last_name: '' }, webStatuses: ['started'] }).handlers);
    const { user } = renderApp('/final-steps');
    await heading('Final Steps');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await heading('About You');
    await waitFor(() => expect(screen.getByRole('region', { name: SUMMARY })).toHaveFocus());

    await user.click(
      within(screen.getByRole('navigation', { name: 'Application steps' })).getByRole('link', {
        name: 'Step 3 Final Steps',
      }),
    );
    await heading('Final Steps');
    expect(screen.getByRole('region', { name: SUMMARY })).not.toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('About You');
    await waitFor(() => expect(screen.getByRole('region', { name: SUMMARY })).toHaveFocus());
  });

  test("the server's refusal (422) decides: its errors are shown", async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: completeAnswers(), webStatuses: ['started', 'validating'] });
    stubFetch({
      ...server.handlers,
      'POST /api/submit': () =>
        json(
          { code: 'APPLICATION_INCOMPLETE', message: SUMMARY, errors: { college_name: ['Search for Your School'] } },
          422,
        ),
    });
    const { user } = renderApp('/final-steps');
    await heading('Final Steps');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await heading('About You');
    const summary = screen.getByRole('region', { name: SUMMARY });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('list', { name: 'Step 2: Education' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: 'School 1: Search for Your School' })).toHaveAttribute(
      'href',
      '/education-alr#college_name',
    );
  });

  test('an unexpected failure of Submit shows the Unexpected Error dialog', async () => {
    setLoggedInCookie();
    const server = applicantServer({ answers: completeAnswers(), webStatuses: ['started'] });
    stubFetch({
      ...server.handlers,
      'POST /api/submit': () => json({ code: 'INTERNAL', message: 'The database is resting.' }, 500),
    });
    const { user } = renderApp('/final-steps');
    await heading('Final Steps');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const dialog = await screen.findByRole('dialog', { name: 'Unexpected Error' });
    expect(dialog).toHaveTextContent('The database is resting.');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Submit' })).toBeEnabled();
  });

  test('an unexpected failure of Save shows the Unexpected Error dialog', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'] });
    stubFetch({
      ...server.handlers,
      'PUT /api/answer': () => json({ code: 'INTERNAL', message: 'Could not save.' }, 500),
    });
    const { user } = renderApp('/about');
    await heading('About You');
    await user.type(screen.getByLabelText('First name'), 'A');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('dialog', { name: 'Unexpected Error' })).toHaveTextContent('Could not save.');
  });
});
