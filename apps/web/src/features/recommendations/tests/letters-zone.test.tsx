import type { Answers, RecommenderState } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { askedGrace, recommender, recommendationsServer } from './recommendations-server';

/**
 * Issue 49, one zone everywhere: the letters block gives its times in the institution's zone (the tenant
 * fixture's Chicago), written as the console writes them, whatever the reader's own zone.
 */
async function openFinalSteps(recommenders: RecommenderState[], answers: Answers = completeAnswers()) {
  setLoggedInCookie();
  const applicant = applicantServer({ answers, webStatuses: ['started'] });
  const letters = recommendationsServer(applicant, recommenders);
  stubFetch({ ...applicant.handlers, ...letters.handlers });
  renderApp('/final-steps');
  await screen.findByRole('heading', { level: 1, name: 'Final Steps' });
}

const letterPanel = (name: 'Recommender' | 'Second Recommender') =>
  within(screen.getByRole('region', { name })).findByRole('group', { name: 'Letter of recommendation' });

describe('the letters block’s times', { timeout: 30_000 }, () => {
  test('are days in the institution’s zone, and the reminder’s time names the zone', async () => {
    await openFinalSteps([
      // 03:30 UTC on 4 March is still the evening of 3 March in Chicago; by 11 March the clocks have gone forward.
      askedGrace({
        requested_at: '2026-03-04T03:30:00.000Z',
        can_remind: false,
        next_reminder_at: '2026-03-11T03:30:00.000Z',
      }),
      recommender('recommender_2_', {
        status: 'RECEIVED',
        name: 'Alan Turing',
        email: 'alan@example.edu',
        requested_at: '2026-03-04T03:30:00.000Z',
        received_at: '2026-03-10T04:15:00.000Z',
      }),
    ]);
    const first = await letterPanel('Recommender');
    expect(first).toHaveTextContent('Status: Requested on Tuesday, 3 March 2026 from Grace Hopper');
    expect(first).toHaveTextContent('You can send a reminder from 10:30 pm Central Time on Tuesday, 10 March 2026.');
    const second = await letterPanel('Second Recommender');
    expect(second).toHaveTextContent('Status: Received on Monday, 9 March 2026 from Alan Turing.');
  });
});
