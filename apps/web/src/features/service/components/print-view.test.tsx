import { completeAnswers } from '@admissions/domain/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const printData = (answer: Record<string, string>, extra: Record<string, unknown> = {}) => ({
  answer,
  add_another: {},
  document_answer: {},
  tabs: {},
  ...extra,
});

describe('the service print view (?service_token=)', { timeout: 30_000 }, () => {
  test('shows every step read-only from the print data: marks, schools with their code, attached documents', async () => {
    const answers = {
      ...completeAnswers(),
      college_name: 'Harvard University',
      college_ceeb: '3434',
      optin_sms_ind: '',
    };
    const { requests } = stubFetch({
      'GET /service/tmp-pdf': () =>
        json(
          printData(answers, {
            document_answer: { college_transcript_upload: { file_name: 't.pdf', file_size: 2048 } },
          }),
        ),
    });
    renderApp('/about?service_token=t0k3n');

    await screen.findByRole('heading', { level: 1, name: 'Application of Ada Lovelace' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining(['Step 1: About You', 'Step 2: Education', 'Step 3: Final Steps']),
    );
    expect(screen.getByText('Harvard University (3434)')).toBeInTheDocument();
    expect(screen.getAllByText('[X]').length).toBeGreaterThan(0);
    expect(screen.getAllByText('[ ]').length).toBeGreaterThan(0);
    expect(screen.getByText(/^Document attached for /)).toBeInTheDocument();
    // The office reads one application here: no equality monitoring question, not even empty (issue 47);
    // citizenship, which admission rules read, stays.
    expect(screen.getByText('Primary Citizenship')).toBeInTheDocument();
    for (const label of ['Gender', 'Are you Hispanic or Latino?', /^Race/])
      expect(screen.queryByText(label)).not.toBeInTheDocument();
    // Text meant only for applicants filling in the form is left out of the print (SPEC section 6).
    expect(
      screen.queryByText('Thank you. Accept the terms below and press Submit when you are ready.'),
    ).not.toBeInTheDocument();
    expect(document.querySelectorAll('input, select, textarea, button')).toHaveLength(0);
    expect(screen.queryByRole('navigation', { name: 'Application steps' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "We're missing some information!" })).not.toBeInTheDocument();
    expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
    // The token is the only credential: no cookie goes with the call, and no applicant call is made.
    const call = requests.find((r) => r.path.startsWith('/service/tmp-pdf'))!;
    expect(call.path).toBe('/service/tmp-pdf?service_token=t0k3n');
    expect(call.credentials).toBe('omit');
    expect(requests.filter((r) => r.path.startsWith('/api/'))).toEqual([]);
  });

  test('ignores the applicant logged in in this browser and never redirects to /completion', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...applicantServer({ webStatuses: ['started', 'validating', 'submitted'], submitted: true }).handlers,
      'GET /service/tmp-pdf': () => json(printData({ first_name: 'Grace', last_name: 'Hopper' })),
    });
    const { router } = renderApp('/about?service_token=t0k3n');

    await screen.findByRole('heading', { level: 1, name: 'Application of Grace Hopper' });
    expect(router.state.location.pathname).toBe('/about');
    expect(callsTo('GET /api/profile')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  test('a dead link says so instead of sending anyone to log in', async () => {
    stubFetch({
      'GET /service/tmp-pdf': () =>
        json(
          { code: 'SERVICE_TOKEN_INVALID', message: 'This print link is invalid, has expired or was withdrawn.' },
          401,
        ),
    });
    const { router } = renderApp('/about?service_token=old');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This print link is invalid, has expired or was withdrawn.');
    expect(router.state.location.pathname).toBe('/about');
    expect(within(screen.getByRole('main')).queryByRole('textbox')).not.toBeInTheDocument();
  });
});
