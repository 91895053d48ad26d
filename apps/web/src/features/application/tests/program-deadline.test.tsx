import { deadlineOf, formatForReader } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { applicantServer } from '../../../test/application-server';
import { stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const BMN = deadlineOf(tenantFixture, 'BMN')!;
const HOUR = 3_600_000;
const readerZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

let clock: { mockRestore(): void } | undefined;

async function open(path: '/education-alr' | '/final-steps', now: number, program = 'BMN') {
  clock = vi.spyOn(Date, 'now').mockReturnValue(now);
  setLoggedInCookie();
  const applicant = applicantServer({
    webStatuses: ['started'],
    answers: { applied_major: program, entry_term: '2027FA' },
  });
  stubFetch(applicant.handlers);
  renderApp(path);
  await screen.findByRole('heading', { level: 1, name: path === '/final-steps' ? 'Final Steps' : 'Education' });
}

afterEach(() => {
  clock?.mockRestore();
});

describe('the program’s deadline (issue 29)', { timeout: 30_000 }, () => {
  test('shows on the program’s page in the institution’s zone and the reader’s, without a countdown weeks ahead', async () => {
    await open('/education-alr', BMN.deadline.getTime() - 30 * 24 * HOUR);
    const box = await screen.findByTestId('program-deadline');
    expect(box).toHaveTextContent(
      `The deadline for MS in Nursing is ${formatForReader(BMN.deadline, 'America/Chicago', readerZone)}.`,
    );
    expect(box).toHaveTextContent('11:59 pm Central Time on Friday, 15 January 2027');
    expect(box).not.toHaveTextContent('left.');
  });

  test('counts down in the last 48 hours, on Final Steps too', async () => {
    await open('/final-steps', BMN.onTimeUntil.getTime() - (25 * HOUR + 30 * 60_000));
    expect(await screen.findByTestId('program-deadline')).toHaveTextContent('1 day, 1 hour and 30 minutes left.');
  });

  test('says in the grace window that a submission is still accepted, and marked late', async () => {
    await open('/final-steps', BMN.onTimeUntil.getTime() + 10 * 60_000);
    expect(await screen.findByTestId('program-deadline')).toHaveTextContent(
      'An application submitted in the next 50 minutes is still accepted, and marked late.',
    );
  });

  test('says it is closed before the applicant presses Submit', async () => {
    await open('/final-steps', BMN.acceptedUntil.getTime() + HOUR);
    const box = await screen.findByTestId('program-deadline');
    expect(box).toHaveTextContent('Applications to it can no longer be submitted');
    expect(box).toHaveAttribute('data-phase', 'closed');
  });

  test('shows nothing before a program is chosen', async () => {
    await open('/education-alr', BMN.deadline.getTime() - 30 * 24 * HOUR, '');
    expect(screen.queryByTestId('program-deadline')).toBeNull();
  });
});
