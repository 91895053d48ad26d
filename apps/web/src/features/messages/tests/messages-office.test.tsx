import type { StaffMessage } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { stubFetch } from '../../../test/fetch-stub';
import { ADA, consoleServer, me } from '../../staff/tests/console-server';
import { openMessages, staffMessage } from './message-fixtures';

const DECIDER = me('dee@college.test', ['decider'], null, 'Dee Decider');

/** Tab (forward) until `element` has the focus, as a keyboard user would; fails when it is not reached. */
async function tabTo(user: ReturnType<typeof openMessages>['user'], element: HTMLElement) {
  for (let n = 0; n < 80 && document.activeElement !== element; n += 1) await user.tab();
  expect(element).toHaveFocus();
}

async function page() {
  return screen.findByRole('heading', { level: 1, name: 'Messages' }, { timeout: 15_000 });
}

/** The composer of a new message, opened from the page. */
async function newMessage(user: ReturnType<typeof openMessages>['user']) {
  await page();
  await user.click(await screen.findByRole('button', { name: 'Write a new message' }));
  return screen.findByRole('region', { name: 'New message' });
}

/** A saved draft's page: the composer opened on it from the list. */
async function openDraft(user: ReturnType<typeof openMessages>['user']) {
  await page();
  await user.click(await screen.findByRole('button', { name: 'Open the draft Admitted, no answer yet' }));
  return screen.findByRole('region', { name: 'Draft: Admitted, no answer yet' });
}

describe('who sees the messages', { timeout: 30_000 }, () => {
  test('a member without the message right has no link and is told so at the address', async () => {
    const { user } = openMessages(me('rex@college.test', ['reader']));
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, { timeout: 15_000 })).toBeVisible();
    const nav = screen.getByRole('navigation', { name: 'Admissions office' });
    expect(within(nav).queryByRole('link', { name: 'Messages' })).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeVisible();
    void user;
  });

  test('a decider finds Messages in the console navigation', async () => {
    setLoggedInCookie();
    stubFetch({ ...consoleServer(DECIDER).handlers, 'GET /api/staff/messages': () => json({ messages: [] }) });
    const { user } = renderApp('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' }, { timeout: 15_000 });
    await user.click(within(nav).getByRole('link', { name: 'Messages' }));
    expect(await page()).toBeVisible();
    expect(await screen.findByText('No message has been written yet.')).toBeVisible();
  });
});

describe('the composer', { timeout: 30_000 }, () => {
  test('refuses an empty or unknown-placeholder draft in the browser, focus on the first field that says why', async () => {
    const { user, callsTo } = openMessages(DECIDER);
    const composer = await newMessage(user);
    await user.click(within(composer).getByRole('button', { name: 'Save draft' }));
    const name = within(composer).getByRole('textbox', { name: 'Name' });
    await waitFor(() => expect(name).toHaveFocus());
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Give the message a name'));
    expect(within(composer).getByRole('textbox', { name: 'Subject' })).toHaveAttribute('aria-invalid', 'true');
    expect(within(composer).getByRole('textbox', { name: 'Message' })).toHaveAccessibleDescription(
      expect.stringContaining('Write the message.'),
    );

    await user.type(name, 'Fall welcome');
    await user.type(within(composer).getByRole('textbox', { name: 'Subject' }), 'Welcome');
    await user.type(within(composer).getByRole('textbox', { name: 'Message' }), 'Hello {{{{nickname}}');
    await user.click(within(composer).getByRole('button', { name: 'Save draft' }));
    const body = within(composer).getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(body).toHaveFocus());
    expect(body).toHaveAccessibleDescription(expect.stringContaining('No such placeholder: {{nickname}}'));
    expect(callsTo('POST /api/staff/messages')).toHaveLength(0);
  });

  test('saves the segment of several values a filter, says about how many and lists the first recipients', async () => {
    const { user, callsTo } = openMessages(DECIDER, [], {
      'POST /api/staff/messages': ({ body }) =>
        json(staffMessage({ ...(body as Partial<StaffMessage>), id: 'msg-1', estimated_recipients: 2 }), 201),
    });
    const composer = await newMessage(user);
    await user.type(within(composer).getByRole('textbox', { name: 'Name' }), 'Admitted, no answer yet');
    const decision = within(composer).getByRole('group', { name: 'Decision' });
    await user.click(await within(decision).findByRole('checkbox', { name: 'Admitted' }));
    await user.click(within(decision).getByRole('checkbox', { name: 'Wait-listed' }));
    await user.click(
      within(within(composer).getByRole('group', { name: 'Complete' })).getByRole('checkbox', { name: 'Not complete' }),
    );
    await user.click(within(composer).getByRole('checkbox', { name: 'Include withdrawn applicants' }));
    const news = within(composer).getByRole('radio', { name: 'News' });
    expect(news).toHaveAccessibleDescription(expect.stringContaining('did not unsubscribe'));
    expect(news).toHaveAccessibleDescription(expect.stringContaining('unsubscribe link'));
    await user.click(news);
    await user.type(within(composer).getByRole('textbox', { name: 'Subject' }), 'Your offer');
    const body = within(composer).getByRole('textbox', { name: 'Message' });
    await user.type(body, 'Dear ');
    await user.click(within(composer).getByRole('button', { name: /^Insert \{\{first_name\}\}/ }));
    await waitFor(() => expect(body).toHaveFocus());
    await user.type(body, ', please answer.');
    expect(body).toHaveValue('Dear {{first_name}}, please answer.');
    await user.click(within(composer).getByRole('button', { name: 'Save draft' }));

    const saved = await screen.findByText('Draft saved. About 2 recipients.');
    await waitFor(() => expect(saved.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/messages')[0]!.body).toEqual({
      name: 'Admitted, no answer yet',
      segment: { complete: ['no'], decision: ['admit', 'waitlist'], include_withdrawn: true },
      subject: 'Your offer',
      body: 'Dear {{first_name}}, please answer.',
      category: 'news',
    });
    const table = await screen.findByRole('table', { name: /Who would receive the message/ });
    expect(within(table).getByRole('row', { name: /Ada Lovelace.*Would receive it/ })).toBeVisible();
    expect(within(table).getByRole('row', { name: /Alan Turing.*Left out \(unsubscribed from news\)/ })).toBeVisible();
    expect(callsTo('GET /api/staff/messages/msg-1/recipients')[0]!.path).toContain('limit=20');
    expect(screen.getByRole('heading', { name: 'Draft: Admitted, no answer yet' })).toBeVisible();
  });

  test("shows the server's refusal of a placeholder with its message and code", async () => {
    const { user } = openMessages(DECIDER, [staffMessage()], {
      'PUT /api/staff/messages/msg-1': () =>
        json(
          {
            code: 'MESSAGE_PLACEHOLDER_UNKNOWN',
            message: 'The message uses a placeholder that does not exist: {{gpa}}.',
          },
          400,
        ),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Save draft' }));
    const alert = await within(composer).findByRole('alert');
    expect(alert).toHaveTextContent('The message uses a placeholder that does not exist: {{gpa}}.');
    expect(alert).toHaveTextContent('code MESSAGE_PLACEHOLDER_UNKNOWN');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
  });

  test('previews for a chosen recipient and sends a test to the member', async () => {
    const { user, callsTo } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/preview': () =>
        json({ application_id: ADA, subject: 'Your offer, Ada', body: 'Dear Ada,\nsee https://portal.example.edu/.' }),
      'POST /api/staff/messages/msg-1/test': () => json({ message: 'sent' }),
    });
    const composer = await openDraft(user);
    expect(within(composer).getByText('About 2 recipients')).toBeVisible();
    await within(composer).findByRole('option', { name: 'Ada Lovelace (ada@example.edu)' });
    await user.selectOptions(within(composer).getByRole('combobox', { name: 'Preview for' }), ADA);
    await user.click(within(composer).getByRole('button', { name: 'Preview' }));
    const preview = await within(composer).findByText('Your offer, Ada');
    expect(callsTo('POST /api/staff/messages/msg-1/preview')[0]!.body).toEqual({ application_id: ADA });
    expect(within(composer).getByRole('link', { name: 'https://portal.example.edu/' })).toHaveAttribute(
      'href',
      'https://portal.example.edu/',
    );
    await waitFor(() => expect(preview.closest('[tabindex="-1"]')).toHaveFocus());

    await user.click(within(composer).getByRole('button', { name: 'Send me a test' }));
    const tested = await within(composer).findByText(/A test was sent to your own e-mail address/);
    await waitFor(() => expect(tested.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/messages/msg-1/test')).toHaveLength(1);
  });

  test('takes the focus to its heading when opened, and back to the button when closed', async () => {
    const { user } = openMessages(DECIDER);
    await page();
    await user.click(await screen.findByRole('button', { name: 'Write a new message' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'New message' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Write a new message' })).toHaveFocus());
  });

  test('shows a filter value the server does not know, with the field messages', async () => {
    const { user } = openMessages(DECIDER, [staffMessage()], {
      'PUT /api/staff/messages/msg-1': () =>
        json(
          {
            code: 'MESSAGE_SEGMENT_INVALID',
            message: 'The group of applicants names a filter value that does not exist.',
            errors: { 'segment.program': ['No program MXX.'] },
          },
          400,
        ),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Save draft' }));
    const alert = await within(composer).findByRole('alert');
    expect(alert).toHaveTextContent('The group of applicants names a filter value that does not exist.');
    expect(within(alert).getByRole('listitem')).toHaveTextContent('No program MXX.');
    expect(alert).toHaveTextContent('code MESSAGE_SEGMENT_INVALID');
  });

  test('waits for a changed draft to be saved before preview, test and send', async () => {
    const { user } = openMessages(DECIDER, [staffMessage()]);
    const composer = await openDraft(user);
    expect(within(composer).getByRole('button', { name: 'Send…' })).toBeEnabled();
    await user.type(within(composer).getByRole('textbox', { name: 'Subject' }), '!');
    for (const name of ['Preview', 'Send me a test', 'Send…'])
      expect(within(composer).getByRole('button', { name })).toBeDisabled();
    expect(within(composer).getByRole('button', { name: 'Send…' })).toHaveAccessibleDescription(
      expect.stringContaining('save the draft'),
    );
  });
});

describe('the send', { timeout: 30_000 }, () => {
  test('sends only once the number of recipients is typed back', async () => {
    const { user, callsTo } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/send': () =>
        json(
          staffMessage({
            state: 'sending',
            started_at: '2026-11-02T15:01:00.000Z',
            counts: { recipients: 2, sent: 0, failed: 0, suppressed: 1, queued: 1 },
          }),
        ),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the message' });
    expect(dialog).toHaveTextContent('goes to 2 recipients');
    const send = within(dialog).getByRole('button', { name: 'Send to 2 recipients' });
    expect(send).toBeDisabled();
    const typed = within(dialog).getByRole('textbox', { name: 'Type the number of recipients to confirm' });
    await user.type(typed, '3');
    expect(send).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, '2');
    expect(send).toBeEnabled();
    await user.click(send);

    const said = await screen.findByText('“Admitted, no answer yet” is being sent to 2 recipients.');
    await waitFor(() => expect(said.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/messages/msg-1/send')[0]!.body).toEqual({ confirm_count: 2 });
    expect(screen.queryByRole('dialog')).toBeNull();
    const sending = screen.getByRole('region', { name: 'Sending (1)' });
    expect(within(sending).getByRole('progressbar', { name: 'Progress of “Admitted, no answer yet”' })).toBeVisible();
  });

  test('is done from the keyboard alone', async () => {
    const { user, callsTo } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/send': () =>
        json(
          staffMessage({ state: 'sending', counts: { recipients: 2, sent: 0, failed: 0, suppressed: 0, queued: 2 } }),
        ),
    });
    const composer = await openDraft(user);
    const send = within(composer).getByRole('button', { name: 'Send…' });
    await tabTo(user, send);
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Send the message' });
    const typed = within(dialog).getByRole('textbox', { name: 'Type the number of recipients to confirm' });
    await tabTo(user, typed);
    await user.keyboard('2');
    const confirm = within(dialog).getByRole('button', { name: 'Send to 2 recipients' });
    await tabTo(user, confirm);
    await user.keyboard('{Enter}');
    const said = await screen.findByText('“Admitted, no answer yet” is being sent to 2 recipients.');
    await waitFor(() => expect(said.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/messages/msg-1/send')).toHaveLength(1);
  });

  test('a time the server finds gone by is shown in the dialog', async () => {
    const { user } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/send': () =>
        json({ code: 'MESSAGE_TIME_IN_PAST', message: 'Please choose a time in the future, or send it now.' }, 400),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the number of recipients to confirm' }), '2');
    await user.click(within(dialog).getByRole('radio', { name: 'Schedule for a date and time' }));
    await user.type(within(dialog).getByLabelText(/Schedule for \(date and time/), '2040-12-03T09:00');
    await user.click(within(dialog).getByRole('button', { name: 'Schedule for 2 recipients' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Please choose a time in the future, or send it now.');
    expect(alert).toHaveTextContent('code MESSAGE_TIME_IN_PAST');
  });

  test('a count that has changed is shown, and must be typed again', async () => {
    let sends = 0;
    const { user, callsTo } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/send': () =>
        ++sends === 1
          ? json(
              {
                code: 'CONFIRM_COUNT_MISMATCH',
                message: 'The number of recipients has changed. Please check the count and type it again.',
                count: 3,
              },
              409,
            )
          : json(
              staffMessage({
                state: 'sending',
                counts: { recipients: 3, sent: 0, failed: 0, suppressed: 0, queued: 3 },
              }),
            ),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the message' });
    const typed = within(dialog).getByRole('textbox', { name: 'Type the number of recipients to confirm' });
    await user.type(typed, '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 recipients' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('The number of recipients is now 3.');
    expect(alert).toHaveTextContent('code CONFIRM_COUNT_MISMATCH');
    const again = within(dialog).getByRole('button', { name: 'Send to 3 recipients' });
    expect(again).toBeDisabled();
    await user.clear(typed);
    await user.type(typed, '3');
    await user.click(again);
    await screen.findByText('“Admitted, no answer yet” is being sent to 3 recipients.');
    expect(callsTo('POST /api/staff/messages/msg-1/send').map((r) => r.body)).toEqual([
      { confirm_count: 2 },
      { confirm_count: 3 },
    ]);
  });

  test('a count refused without the number shows the server message', async () => {
    const { user } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/send': () =>
        json({ code: 'CONFIRM_COUNT_MISMATCH', message: 'The number of recipients has changed.' }, 409),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the number of recipients to confirm' }), '2');
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 recipients' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The number of recipients has changed.');
  });

  test("schedules at a time in the institution's zone, sent with its offset", async () => {
    const { user, callsTo } = openMessages(DECIDER, [staffMessage()], {
      'POST /api/staff/messages/msg-1/send': ({ body }) =>
        json(staffMessage({ state: 'scheduled', send_at: new Date((body as { at: string }).at).toISOString() })),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Send…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send the message' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Type the number of recipients to confirm' }), '2');
    await user.click(within(dialog).getByRole('radio', { name: 'Schedule for a date and time' }));
    const schedule = within(dialog).getByLabelText(/Schedule for \(date and time, Central Time\)/);
    const button = within(dialog).getByRole('button', { name: 'Schedule for 2 recipients' });
    expect(button).toBeDisabled();
    // A time gone by is refused here before the server does.
    await user.type(schedule, '2020-01-06T09:00');
    expect(schedule).toHaveAccessibleDescription('Please choose a time in the future, or send it now.');
    expect(button).toBeDisabled();
    await user.clear(schedule);
    await user.type(schedule, '2040-12-03T09:00');
    expect(schedule).toHaveAccessibleDescription(/It will go at 9:00 am Central Time on Monday, 3 December 2040/);
    await user.click(button);

    const said = await screen.findByText(
      /“Admitted, no answer yet” is scheduled for 9:00 am Central Time on Monday, 3 December 2040, to 2 recipients\./,
    );
    await waitFor(() => expect(said.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/messages/msg-1/send')[0]!.body).toEqual({
      confirm_count: 2,
      at: '2040-12-03T09:00:00-06:00',
    });
    expect(screen.getByRole('region', { name: 'Scheduled (1)' })).toHaveTextContent(
      'Scheduled for9:00 am Central Time on Monday, 3 December 2040',
    );
  });
});

describe('the list', { timeout: 30_000 }, () => {
  test('shows a sending message with its progress, and moves it on while it sends', async () => {
    let asked = 0;
    const sending = (sent: number): StaffMessage =>
      staffMessage({
        state: sent === 4 ? 'sent' : 'sending',
        started_at: '2026-11-02T15:01:00.000Z',
        finished_at: sent === 4 ? '2026-11-02T15:05:00.000Z' : null,
        counts: { recipients: 5, sent, failed: 0, suppressed: 1, queued: 4 - sent },
      });
    const { callsTo } = openMessages(DECIDER, [], {
      'GET /api/staff/messages': () =>
        json({ messages: [sending(++asked === 1 ? 2 : 4)], time_zone: 'America/Chicago' }),
    });
    const group = await screen.findByRole('region', { name: 'Sending (1)' }, { timeout: 15_000 });
    const bar = within(group).getByRole('progressbar', { name: 'Progress of “Admitted, no answer yet”' });
    expect(bar).toHaveAttribute('value', '3');
    expect(bar).toHaveAttribute('max', '5');
    expect(group).toHaveTextContent('2 sent, 0 failed, 1 left out (bounced, withdrawn or unsubscribed), 2 waiting');
    expect(group).toHaveTextContent('Started9:01 am Central Time');
    const sent = await screen.findByRole('region', { name: 'Sent (1)' }, { timeout: 6000 });
    expect(sent).toHaveTextContent('4 sent, 0 failed, 1 left out');
    expect(within(sent).queryByRole('progressbar')).toBeNull();
    expect(callsTo('GET /api/staff/messages').length).toBeGreaterThanOrEqual(2);
  });

  test('stops a sending message after asking, and says so', async () => {
    const message = staffMessage({
      state: 'sending',
      counts: { recipients: 5, sent: 2, failed: 0, suppressed: 0, queued: 3 },
    });
    const { user, callsTo } = openMessages(DECIDER, [message], {
      'POST /api/staff/messages/msg-1/stop': () =>
        json({ ...message, state: 'stopped', stopped_at: '2026-11-02T15:03:00.000Z' }),
    });
    await page();
    await user.click(await screen.findByRole('button', { name: 'Stop “Admitted, no answer yet”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Keep sending' }));
    expect(callsTo('POST /api/staff/messages/msg-1/stop')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Stop “Admitted, no answer yet”' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Stop this message?' })).getByRole('button', {
        name: 'Stop the message',
      }),
    );
    const said = await screen.findByText(
      '“Admitted, no answer yet” is stopped: no further mail of it leaves (2 recipients had it already).',
    );
    await waitFor(() => expect(said.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/messages/msg-1/stop')).toHaveLength(1);
    expect(await screen.findByRole('region', { name: 'Stopped (1)' })).toHaveTextContent('Stopped9:03 am');
  });

  test('a stop refused is shown with its message', async () => {
    const message = staffMessage({ state: 'scheduled', send_at: '2026-12-01T15:00:00.000Z' });
    const { user } = openMessages(DECIDER, [message], {
      'POST /api/staff/messages/msg-1/stop': () =>
        json({ code: 'MESSAGE_NOT_STOPPABLE', message: 'Only a scheduled or sending message can be stopped.' }, 409),
    });
    await page();
    await user.click(await screen.findByRole('button', { name: 'Stop “Admitted, no answer yet”' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stop this message?' });
    await user.click(within(dialog).getByRole('button', { name: 'Stop the message' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only a scheduled or sending message can be stopped.',
    );
  });

  test('deletes a draft after asking', async () => {
    const { user, callsTo } = openMessages(DECIDER, [staffMessage()], {
      'DELETE /api/staff/messages/msg-1': () => json({ message: 'deleted' }),
    });
    const composer = await openDraft(user);
    await user.click(within(composer).getByRole('button', { name: 'Delete draft' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete this draft?' })).getByRole('button', {
        name: 'Delete the draft',
      }),
    );
    const said = await screen.findByText('The draft “Admitted, no answer yet” was deleted.');
    await waitFor(() => expect(said.parentElement).toHaveFocus());
    expect(callsTo('DELETE /api/staff/messages/msg-1')).toHaveLength(1);
    expect(screen.getByText('No message has been written yet.')).toBeVisible();
  });
});
