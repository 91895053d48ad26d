import type { ApplicantDecision, StatusResponse } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../test/application-server';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../test/render-app';
import { ACCEPT_MEANS, DECLINE_MEANS } from './components/decision-status';

const OFFER: ApplicantDecision = {
  code: 'admit',
  label: 'Admitted',
  letter_html: '<p>Dear Ada,</p>\n<p>Congratulations! We are delighted to offer you admission.</p>',
  reasons: [],
  conditions: [],
  released_at: '2026-11-02T09:00:00.000Z',
  reply_by: '2026-11-16T09:00:00.000Z',
  time_zone: 'America/Chicago',
  response: null,
  response_at: null,
  response_by_default: false,
  can_respond: true,
  letter_pdf_url: '/api/decision/letter.pdf',
};

async function openStatus(decision: ApplicantDecision | null, more: Partial<StatusResponse> = {}) {
  setLoggedInCookie();
  const applicant = applicantServer({
    answers: completeAnswers(),
    submitted: true,
    webStatuses: ['started', 'validating', 'submitted'],
  });
  let answered: unknown;
  const net = stubFetch({
    ...applicant.handlers,
    'GET /api/status': () =>
      json({
        submitted_at: '2026-11-02T09:00:00.000Z',
        withdrawn_at: null,
        complete: true,
        checklist: [],
        reminders: true,
        deadline: null,
        decision,
        ...more,
      } satisfies StatusResponse),
    'POST /api/decision/response': async ({ body }) => {
      answered = body;
      return json({ message: 'Thank you. You accepted the offer; we sent you a confirmation by e-mail.' });
    },
  });
  const app = renderApp('/completion');
  await screen.findByRole('heading', { level: 1, name: 'Application Submitted' });
  return { ...app, net, answered: () => answered };
}

describe('the decision on the status page', { timeout: 30_000 }, () => {
  test('before release: under review, no decision word, no buttons', async () => {
    await openStatus(null);
    expect(await screen.findByRole('heading', { name: 'Your application is under review' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the offer' })).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('Admitted');
  });

  test('after release: the letter, the reply-by date in the institution zone, and an answer', async () => {
    const { user, answered } = await openStatus(OFFER);
    expect(await screen.findByRole('heading', { name: 'Decision: Admitted' })).toBeInTheDocument();
    expect(screen.getByText(/Congratulations!/)).toBeInTheDocument();
    expect(document.body).toHaveTextContent('Central Time on Monday, 16 November 2026');
    expect(screen.getByRole('link', { name: 'Download the letter (PDF)' })).toHaveAttribute(
      'href',
      '/api/decision/letter.pdf',
    );
    // One click asks and says what it means; "Not now" changes nothing.
    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    const question = await screen.findByRole('dialog', { name: 'Accept the offer?' });
    expect(question).toHaveTextContent(ACCEPT_MEANS);
    await user.click(within(question).getByRole('button', { name: 'Not now' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(answered()).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Accept the offer' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Accept the offer?' })).getByRole('button', {
        name: 'Yes, accept the offer',
      }),
    );
    expect(
      await screen.findByText('Thank you. You accepted the offer; we sent you a confirmation by e-mail.'),
    ).toBeInTheDocument();
    expect(answered()).toEqual({ response: 'accept' });
    // The buttons are gone: focus is on the decision, not lost.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Decision: Admitted' })).toHaveFocus());
  });

  test('declining asks first, with what it means, and stands apart from withdrawal', async () => {
    const { user, answered } = await openStatus(OFFER);
    await user.click(await screen.findByRole('button', { name: 'Decline the offer' }));
    const question = await screen.findByRole('dialog', { name: 'Decline the offer?' });
    expect(question).toHaveTextContent(DECLINE_MEANS);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(answered()).toBeUndefined();
    const apart = screen.getByRole('region', { name: 'Withdrawing your application' });
    expect(within(apart).getByRole('button', { name: 'Withdraw my application' })).toBeInTheDocument();
    expect(within(apart).queryByRole('button', { name: /offer/ })).not.toBeInTheDocument();
  });

  const contradictions = /is reviewing your application|let you know our decision|still waiting/;

  test('waiting: the office is reviewing, and the decision will come by e-mail', async () => {
    await openStatus(null);
    expect(
      await screen.findByText('The admissions team is reviewing your application.', { exact: false }),
    ).toBeVisible();
    expect(document.body).toHaveTextContent('we will let you know our decision quickly');
  });

  test('decided: the decision is above, and nothing says the office is still reviewing', async () => {
    await openStatus(OFFER, { complete: false });
    expect(await screen.findByText('Our decision is above; we also sent you an e-mail about it.')).toBeVisible();
    expect(screen.getByText('We did not receive every item below.')).toBeVisible();
    expect(document.body).not.toHaveTextContent(contradictions);
  });

  test('withdrawn: nothing more is needed, and nothing says the office is waiting or reviewing', async () => {
    await openStatus(null, { withdrawn_at: '2026-11-03T09:00:00.000Z', complete: false });
    expect(await screen.findByText('Your application was withdrawn. We will not review it further.')).toBeVisible();
    expect(screen.getByText('Your application was withdrawn, so we need nothing more from you.')).toBeVisible();
    expect(document.body).not.toHaveTextContent(contradictions);
  });
});
