import type { ApplicantDecision, StatusResponse } from '@admissions/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../test/application-server';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../test/render-app';

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

async function openStatus(decision: ApplicantDecision | null) {
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
    await user.click(screen.getByRole('button', { name: 'Accept the offer' }));
    expect(
      await screen.findByText('Thank you. You accepted the offer; we sent you a confirmation by e-mail.'),
    ).toBeInTheDocument();
    expect(answered()).toEqual({ response: 'accept' });
  });
});
