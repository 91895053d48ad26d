import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { afterEach, describe, expect, test } from 'vitest';
import { App } from '../../../app/app';
import { createAppQueryClient } from '../../../app/app-query-client';
import { applicantServer } from '../../../test/application-server';
import { stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { memoryRouter, setLoggedInCookie } from '../../../test/render-app';
import { settleAfterPaint } from '../../../test/settle-after-paint';
import { tenantConfigQuery } from '../../../shared/site/api/tenant-api';
import { ApplicationLayout } from '../components/application-layout';
import {
  useApplicationAnswers,
  useApplicationErrors,
  useApplicationForm,
  useApplicationVisit,
} from './application-state-context';

/** Renders of each reader, one reader a slice. */
const renders = { answers: 0, visit: 0, errors: 0, form: 0 };

function AnswersReader() {
  renders.answers++;
  const { answers } = useApplicationAnswers();
  return <p>First name: {answers.first_name ?? ''}</p>;
}

function VisitReader() {
  renders.visit++;
  const { snapshot } = useApplicationVisit();
  return <p>Status: {snapshot.web_status}</p>;
}

function ErrorsReader() {
  renders.errors++;
  const { shownErrors } = useApplicationErrors();
  return <p>Errors: {Object.keys(shownErrors).length}</p>;
}

function FormReader() {
  renders.form++;
  const { onChange, saveAnswers } = useApplicationForm();
  return (
    <>
      <button onClick={() => onChange({ first_name: 'Ada' })}>Type</button>
      <button onClick={() => void saveAnswers()}>Save</button>
    </>
  );
}

function renderReaders() {
  const routes: RouteObject[] = [
    {
      Component: ApplicationLayout,
      children: [
        {
          path: '/about',
          Component: () => (
            <>
              <AnswersReader />
              <VisitReader />
              <ErrorsReader />
              <FormReader />
            </>
          ),
        },
      ],
    },
  ];
  const { history } = memoryRouter(['/about']);
  const user = userEvent.setup({ delay: null });
  const queryClient = createAppQueryClient(history);
  // The real routes wait for the institution's text in their lazy screen's Suspense; these have none.
  queryClient.setQueryData(tenantConfigQuery.queryKey, tenantFixture);
  render(<App history={history} queryClient={queryClient} routes={routes} />);
  return { user };
}

/** The application state comes in slices: a reader re-renders only when a slice it reads changes. */
describe('the application state in slices', { timeout: 30_000 }, () => {
  afterEach(async () => {
    await settleAfterPaint();
    Object.assign(renders, { answers: 0, visit: 0, errors: 0, form: 0 });
  });

  test('an edit, and then its save, re-render the readers of the answers only', async () => {
    setLoggedInCookie();
    const server = applicantServer({ webStatuses: ['started'], lastPage: '/about' });
    stubFetch(server.handlers);
    const { user } = renderReaders();

    expect(await screen.findByText('Status: started')).toBeInTheDocument();
    expect(screen.getByText('First name:')).toBeInTheDocument();
    await settleAfterPaint();
    const before = { ...renders };

    await user.click(screen.getByRole('button', { name: 'Type' }));
    expect(await screen.findByText('First name: Ada')).toBeInTheDocument();
    await settleAfterPaint();
    expect(renders.answers).toBeGreaterThan(before.answers);
    expect(renders).toEqual({ ...before, answers: renders.answers });

    // The save writes the answers into the cached profile: a new profile, but not a new visit.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(server.state.answers.first_name).toBe('Ada'));
    await settleAfterPaint();
    expect(screen.getByText('Status: started')).toBeInTheDocument();
    expect(renders).toEqual({ ...before, answers: renders.answers });
  });
});
