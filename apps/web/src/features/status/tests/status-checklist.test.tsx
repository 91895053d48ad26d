import { STATUS_PATH, STATUS_REMINDERS_PATH, type ChecklistItem, type StatusResponse } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const AT = '2026-11-02T15:00:00.000Z';

function statusOf(checklist: ChecklistItem[], over: Partial<StatusResponse> = {}): StatusResponse {
  return {
    submitted_at: AT,
    withdrawn_at: null,
    complete: checklist.every((i) => i.state === 'received' || i.state === 'waived'),
    checklist,
    reminders: true,
    deadline: '11:59 pm Central Time on Friday, 15 January 2027',
    decision: null,
    ...over,
  };
}

async function open(path: string, status: StatusResponse, submitted: boolean) {
  setLoggedInCookie();
  const applicant = applicantServer({
    answers: { ...completeAnswers(), applied_major: 'MAE' },
    submitted,
    webStatuses: submitted ? ['started', 'validating', 'submitted'] : ['started'],
  });
  let current = status;
  const net = stubFetch({
    ...applicant.handlers,
    [`GET ${STATUS_PATH}`]: () => json(current),
    [`PUT ${STATUS_REMINDERS_PATH}`]: ({ body }) => {
      current = { ...current, reminders: (body as { enabled: boolean }).enabled };
      return json(current);
    },
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return { ...app, net };
}

describe('the applicant\u2019s checklist', { timeout: 30_000 }, () => {
  test('on /completion: each item with its state, when it changed, and what the applicant can do', async () => {
    await open(
      '/completion',
      statusOf([
        { key: 'answers:about', label: 'About You: your answers', state: 'received', updated_at: AT, kind: 'answers' },
        {
          key: 'college_transcript_upload',
          label: 'Unofficial Transcript',
          state: 'requested',
          updated_at: AT,
          kind: 'document',
          message: 'Please upload a transcript with your final grades.',
        },
        {
          key: 'letter:recommender_',
          label: 'Letter of recommendation from Grace Hopper',
          state: 'address_problem',
          updated_at: AT,
          kind: 'letter',
          email: 'nobody@uni.example',
          message: 'Our e-mail to nobody@uni.example could not be delivered.',
        },
      ]),
      true,
    );
    const section = await screen.findByRole('region', { name: 'Your application status' }, { timeout: 10_000 });
    expect(section).toHaveTextContent('We are still waiting for the items below.');
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('About You: your answersReceived');
    expect(items[0]).toHaveTextContent('Last change: 9:00 am Central Time on Monday, 2 November 2026');
    expect(items[1]).toHaveTextContent('Requested by the admissions office');
    expect(items[1]).toHaveTextContent('Please upload a transcript with your final grades.');
    expect(within(items[1]!).getByLabelText('Upload a new file for Unofficial Transcript')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('Address problem');
    expect(within(items[2]!).getByLabelText("Your recommender's correct e-mail address")).toHaveValue(
      'nobody@uni.example',
    );
  });

  test('on Final Steps: "Your checklist" with links to what is missing, and the reminders toggle', async () => {
    const { user, net } = await open(
      '/final-steps',
      statusOf(
        [
          {
            key: 'answers:about',
            label: 'About You: your answers',
            state: 'missing',
            updated_at: null,
            kind: 'answers',
            href: '/about',
          },
        ],
        { submitted_at: null },
      ),
      false,
    );
    const section = await screen.findByRole('region', { name: 'Your checklist' }, { timeout: 10_000 });
    expect(section).toHaveTextContent('The application deadline is 11:59 pm Central Time on Friday, 15 January 2027.');
    expect(within(section).getByRole('link', { name: 'Complete this item: About You: your answers' })).toHaveAttribute(
      'href',
      '/about',
    );
    const toggle = within(section).getByRole('checkbox', {
      name: 'E-mail me a reminder of missing items before the deadline',
    });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    await waitFor(() => expect(toggle).not.toBeChecked());
    expect(net.callsTo(`PUT ${STATUS_REMINDERS_PATH}`).map((r) => r.body)).toEqual([{ enabled: false }]);
  });
});
