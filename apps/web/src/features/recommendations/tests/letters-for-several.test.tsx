import {
  APPLICATIONS_PATH,
  recommendationRequestPath,
  type ApplicationsResponse,
  type ApplicationSummary,
  type RecommendationRequestBody,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { recommender, recommendationsServer } from './recommendations-server';
import { recommenderServer, TOKEN } from './recommender-server';

const CYCLE = { id: tenantFixture.cycle.id, label: tenantFixture.cycle.label };

function summary(over: Partial<ApplicationSummary> & Pick<ApplicationSummary, 'id' | 'program'>): ApplicationSummary {
  return {
    cycle: CYCLE,
    program_label: tenantFixture.programs.find((p) => p.code === over.program)?.label ?? null,
    term: '2027FA',
    term_label: 'Fall 2027',
    state: 'in_progress',
    submitted_at: null,
    decision_released: false,
    decision_offer: false,
    current: false,
    ...over,
  };
}

/** The account's applications: this one (MAE), one more asking for letters, and two that cannot take them. */
const APPLICATIONS: ApplicationsResponse = {
  applications: [
    summary({ id: 'app-mae', program: 'MAE', current: true }),
    summary({ id: 'app-mapp', program: 'MAPP' }),
    summary({ id: 'app-maas', program: 'MAAS', state: 'withdrawn' }),
    summary({ id: 'app-gscup', program: 'GSCUP' }),
  ],
  open_cycle: CYCLE,
  limit: 3,
  can_start: false,
};

/** Final Steps of an MAE applicant, the account's applications answered as given (a 404 before issue 42). */
async function openFinalSteps(applications: () => Response) {
  setLoggedInCookie();
  const applicant = applicantServer({ answers: completeAnswers(), webStatuses: ['started'] });
  const letters = recommendationsServer(applicant, [recommender('recommender_'), recommender('recommender_2_')]);
  const request = letters.handlers[`POST ${recommendationRequestPath('recommender_')}`]!;
  const net = stubFetch({
    ...applicant.handlers,
    ...letters.handlers,
    [`GET ${APPLICATIONS_PATH}`]: applications,
    // The server records the other applications named on the request (issue 42).
    [`POST ${recommendationRequestPath('recommender_')}`]: async (seen) => {
      const res = await request(seen);
      const { also_for = [] } = seen.body as RecommendationRequestBody;
      const labels = also_for.map((id) => APPLICATIONS.applications.find((a) => a.id === id)?.program_label ?? id);
      Object.assign(letters.list[0]!, { also_for_programs: labels });
      return res.ok ? json({ recommenders: letters.list }) : res;
    },
  });
  const app = renderApp('/final-steps');
  await screen.findByRole('heading', { level: 1, name: 'Final Steps' });
  const panel = await within(screen.getByRole('region', { name: 'Recommender' })).findByRole('group', {
    name: 'Letter of recommendation',
  });
  return { ...app, net, panel };
}

describe('one letter request for several applications (issue 42)', { timeout: 30_000 }, () => {
  test('offers the other applications that take letters; the one chosen by keyboard goes with the request', async () => {
    const { user, net, panel } = await openFinalSteps(() => json(APPLICATIONS));

    const choices = await within(panel).findByRole('group', { name: 'Your other applications (recommender)' });
    const psychology = within(choices).getByRole('checkbox', {
      name: 'Also ask for my application to MA in Applied Psychology',
    });
    // Only the applications that can take this letter: not withdrawn, and their program asks for letters.
    expect(within(choices).getAllByRole('checkbox')).toHaveLength(1);
    expect(psychology).not.toBeChecked();

    psychology.focus();
    await user.keyboard(' ');
    expect(psychology).toBeChecked();
    await user.tab();
    expect(document.activeElement).toBe(
      within(panel).getByRole('button', { name: 'Send request to your recommender' }),
    );
    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(net.callsTo(`POST ${recommendationRequestPath('recommender_')}`).map((r) => r.body)).toEqual([
        { also_for: ['app-mapp'] },
      ]),
    );
    await waitFor(() =>
      expect(panel).toHaveTextContent('This request is also for your application to MA in Applied Psychology.'),
    );
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();
  });

  test('without other applications (or before the server lists them) the request is for this application alone', async () => {
    const { user, net, panel } = await openFinalSteps(() => json({ code: 'NOT_FOUND', message: 'Not found.' }, 404));
    await waitFor(() => expect(net.callsTo(`GET ${APPLICATIONS_PATH}`).length).toBeGreaterThan(0));
    expect(within(panel).queryByRole('checkbox')).not.toBeInTheDocument();

    await user.click(within(panel).getByRole('button', { name: 'Send request to your recommender' }));
    await waitFor(() =>
      expect(net.callsTo(`POST ${recommendationRequestPath('recommender_')}`).map((r) => r.body)).toEqual([{}]),
    );
  });

  test('the recommender reads that one letter counts for every program named', async () => {
    const server = recommenderServer({
      view: {
        program: 'MA in Education and MA in Applied Psychology',
        programs: ['MA in Education', 'MA in Applied Psychology'],
      },
    });
    stubFetch(server.handlers);
    renderApp(`/recommend?token=${TOKEN}`);
    await screen.findByRole('heading', { level: 1, name: 'Letter of Recommendation' });
    expect(
      screen.getByText(
        'Ada Lovelace has asked you for a letter of recommendation for their applications to MA in Education and MA in Applied Psychology at Northfield College. One letter is enough: the letter you send counts for each of these applications.',
      ),
    ).toBeVisible();
  });
});
