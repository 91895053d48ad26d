import {
  FILE_MESSAGES,
  LOCAL_UPLOAD_PATH,
  RECOMMENDATION_MESSAGES,
  RECOMMENDATION_OPEN_PATH,
  formatForReader,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { stubXhr } from '../../../test/fake-xhr';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';
import { fileOf } from '../../documents/tests/files';
import { formatDay } from '../components/format-dates';
import { BROKEN_LINK_MESSAGE, NO_TOKEN_MESSAGE } from '../screens/recommend-screen';
import { LINK_INVALID, recommenderServer, TOKEN } from './recommender-server';

const LETTER = 'Ada has been the most thoughtful student in my seminar for three years running.';

/** The recommender follows the e-mailed link. */
async function openLink(
  options: Parameters<typeof recommenderServer>[0] = {},
  overrides: Parameters<typeof stubFetch>[0] = {},
) {
  const server = recommenderServer(options);
  const net = stubFetch({ ...server.handlers, ...overrides });
  const xhr = stubXhr((upload) => {
    upload.progress(50, 100);
    server.receive(upload);
    upload.respond(204);
  });
  const app = renderApp(`/recommend?token=${TOKEN}`);
  await screen.findByRole('heading', { level: 1, name: 'Letter of Recommendation' });
  return { ...app, server, net, xhr };
}

describe('the recommender\u2019s page', { timeout: 30_000 }, () => {
  test('offers no account menu: a recommender has no account here (issue 49)', async () => {
    await openLink();
    const header = screen.getByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
  });

  test('says who asks, for what, whether they may read the letter and until when the link works', async () => {
    const { router, net } = await openLink();

    expect(document.title).toBe('Letter of Recommendation - Application for Admission');
    expect(screen.getByText('Dear Grace Hopper,')).toBeVisible();
    expect(
      screen.getByText(
        'Ada Lovelace has asked you for a letter of recommendation for their application to MA in Education at Northfield College.',
      ),
    ).toBeVisible();
    expect(screen.getByText('Ada Lovelace has waived the right to read your letter.')).toBeVisible();
    expect(screen.getByText(formatDay('2026-05-02T12:00:00.000Z'))).toBeVisible();
    // The letter's due date in the institution's zone, with the recommender's own beside it (issue 29).
    expect(
      screen.getByText(
        formatForReader(
          '2027-04-02T04:59:00.000Z',
          'America/Chicago',
          Intl.DateTimeFormat().resolvedOptions().timeZone,
        ),
      ),
    ).toHaveTextContent(/^11:59 pm Central Time on Thursday, 1 April 2027/);
    for (const name of ['Upload your letter', 'Or write your letter here', 'Decline the request'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeVisible();

    // The token went in the body, and is gone from the address bar; no session was asked for.
    expect(net.callsTo(`POST ${RECOMMENDATION_OPEN_PATH}`)[0]?.body).toEqual({ token: TOKEN });
    expect(net.requests.every((r) => !r.path.includes(TOKEN))).toBe(true);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/recommend');
    expect(net.callsTo('GET /api/profile')).toEqual([]);
  });

  test.each([
    [false, 'Ada Lovelace has not waived the right to read your letter, so they may ask to see it if they enroll.'],
    [null, 'Ada Lovelace has not said whether they waive the right to read your letter.'],
  ])('a waiver of %s is said plainly', async (waived, words) => {
    await openLink({ view: { waived } });
    expect(screen.getByText(words)).toBeVisible();
  });

  test('a letter written on the page: too short is refused at the box, then sent and confirmed', async () => {
    const { user, net } = await openLink();
    const box = screen.getByRole('textbox', { name: 'Your letter' });

    await user.type(box, 'Ada is great.');
    expect(screen.getByText(`13 of 20000 characters used`)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Send letter' }));

    expect(await screen.findByText(RECOMMENDATION_MESSAGES.letterTooShort)).toBeVisible();
    expect(box).toHaveFocus();
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(expect.stringContaining(RECOMMENDATION_MESSAGES.letterTooShort));
    expect(net.callsTo('POST /public/recommendation/letter-text')).toEqual([]);

    await user.clear(box);
    await user.type(box, LETTER);
    await user.click(screen.getByRole('button', { name: 'Send letter' }));

    const heading = await screen.findByRole('heading', { level: 1, name: RECOMMENDATION_MESSAGES.letterReceived });
    expect(heading).toHaveFocus();
    expect(screen.getByText('We have e-mailed you a receipt. You can now close this page.')).toBeVisible();
    expect(net.callsTo('POST /public/recommendation/letter-text').map((r) => r.body)).toEqual([
      { token: TOKEN, text: LETTER },
    ]);
  });

  test('a letter the server refuses: its message at the box', async () => {
    const refusal = 'Please write your letter in plain text.';
    const { user } = await openLink(
      {},
      {
        'POST /public/recommendation/letter-text': () =>
          json(
            {
              code: 'VALIDATION_FAILED',
              message: 'Some of what you entered needs to be corrected.',
              errors: { text: [refusal] },
            },
            400,
          ),
      },
    );
    const box = screen.getByRole('textbox', { name: 'Your letter' });
    await user.type(box, LETTER);
    await user.click(screen.getByRole('button', { name: 'Send letter' }));

    expect(await screen.findByText(refusal)).toBeVisible();
    expect(box).toHaveFocus();
    expect(box).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.queryByRole('heading', { level: 1, name: RECOMMENDATION_MESSAGES.letterReceived })).toBeNull();
  });

  test('an uploaded letter: checked, uploaded with progress, converted while the page asks, then confirmed', async () => {
    const { user, net, xhr } = await openLink({ pollsConverting: 1 });

    await user.upload(screen.getByLabelText('Letter file'), fileOf('letter.pdf', 'pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload letter' }));

    // Waiting: one busy box, with focus, and the progress said politely.
    const busy = await screen.findByRole('group', { name: 'Letter file' });
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveFocus();
    expect(await screen.findByText(/Checking letter\.pdf/, {}, { timeout: 5000 })).toBeVisible();
    expect(screen.getByText('letter.pdf is uploaded. We are checking your letter.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Send letter' })).toBeDisabled();

    const heading = await screen.findByRole(
      'heading',
      { level: 1, name: RECOMMENDATION_MESSAGES.letterReceived },
      { timeout: 8000 },
    );
    expect(heading).toHaveFocus();
    expect(screen.getByText('We have e-mailed you a receipt. You can now close this page.')).toBeVisible();

    expect(net.callsTo('POST /public/recommendation/upload-form').map((r) => r.body)).toEqual([{ token: TOKEN }]);
    expect(xhr.uploads[0]?.url).toBe(LOCAL_UPLOAD_PATH);
    expect([...(xhr.uploads[0]?.form.keys() ?? [])]).toEqual(['key', 'policy', 'x-amz-signature', 'file']);
    expect(net.callsTo('POST /public/recommendation/letter-file').map((r) => r.body)).toEqual([
      { token: TOKEN, file_key: 'letters/7/1', file_name: 'letter.pdf' },
    ]);
    // The first answer, then at least two polls of about 1.5 s.
    expect(net.callsTo(`POST ${RECOMMENDATION_OPEN_PATH}`).length).toBeGreaterThanOrEqual(3);
  });

  test('a letter whose conversion fails: the reason, and the file input again to try another', async () => {
    const reason = 'Your PDF is password-protected. Please remove the password and upload it again.';
    const { user } = await openLink({ outcome: { status: 'FAILED', message: reason } });

    await user.upload(screen.getByLabelText('Letter file'), fileOf('letter.pdf', 'pdf'));
    await user.click(screen.getByRole('button', { name: 'Upload letter' }));

    expect(await screen.findByText(reason, {}, { timeout: 8000 })).toBeVisible();
    const input = screen.getByLabelText('Letter file');
    expect(input).toHaveFocus();
    expect(input).toHaveAccessibleDescription(expect.stringContaining(reason));
    expect(screen.getByRole('button', { name: 'Upload letter' })).toBeEnabled();
  });

  test('a file the rules refuse is not uploaded', async () => {
    const { user, net, xhr } = await openLink();
    const input = screen.getByLabelText('Letter file');
    expect(input).toHaveAttribute('accept', '.png,.jpeg,.jpg,.pdf,.docx');

    await user.setup({ applyAccept: false }).upload(input, fileOf('letter.exe', 'exe'));
    expect(await screen.findByText(FILE_MESSAGES.wrongType)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Upload letter' }));

    expect(input).toHaveFocus();
    expect(net.callsTo('POST /public/recommendation/upload-form')).toEqual([]);
    expect(xhr.uploads).toEqual([]);
  });

  test('Upload letter without a file asks for one', async () => {
    const { user } = await openLink();
    await user.click(screen.getByRole('button', { name: 'Upload letter' }));
    expect(await screen.findByText('Please choose the file of your letter.')).toBeVisible();
    expect(screen.getByLabelText('Letter file')).toHaveFocus();
  });

  test('declining needs a reason, then is confirmed', async () => {
    const { user, net } = await openLink();
    const decline = screen.getByRole('button', { name: 'Decline the request' });

    await user.click(decline);
    const reason = screen.getByRole('textbox', { name: 'Why are you declining?' });
    expect(await screen.findByText(RECOMMENDATION_MESSAGES.reasonRequired)).toBeVisible();
    expect(reason).toHaveFocus();
    expect(net.callsTo('POST /public/recommendation/decline')).toEqual([]);

    await user.type(reason, 'I am on leave until June.');
    await user.click(decline);

    expect(await screen.findByRole('heading', { level: 1, name: RECOMMENDATION_MESSAGES.declined })).toHaveFocus();
    expect(net.callsTo('POST /public/recommendation/decline').map((r) => r.body)).toEqual([
      { token: TOKEN, reason: 'I am on leave until June.' },
    ]);
  });

  test('an expired or used link shows why, as a page', async () => {
    stubFetch({ [`POST ${RECOMMENDATION_OPEN_PATH}`]: () => json(LINK_INVALID, 410) });
    renderApp(`/recommend?token=${TOKEN}`);

    const heading = await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    expect(heading).toHaveFocus();
    expect(screen.getByText(LINK_INVALID.message)).toBeVisible();
    expect(document.title).toBe('Error: Letter of Recommendation - Application for Admission');
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  test('a link that stops working while the page is open: the next answer shows why', async () => {
    // The applicant named someone else meanwhile.
    const { user } = await openLink({}, { 'POST /public/recommendation/decline': () => json(LINK_INVALID, 410) });
    await user.type(screen.getByRole('textbox', { name: 'Why are you declining?' }), 'Busy.');
    await user.click(screen.getByRole('button', { name: 'Decline the request' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' })).toHaveFocus();
    expect(screen.getByText(LINK_INVALID.message)).toBeVisible();
  });

  test('a broken link (cut short in the e-mail) says the link is not valid, who can send a new one, and where to get help', async () => {
    // The server cannot read a token that was cut short: 400 BAD_REQUEST.
    stubFetch({
      [`POST ${RECOMMENDATION_OPEN_PATH}`]: () =>
        json(
          {
            code: 'BAD_REQUEST',
            message: 'The request could not be understood. Please check what you entered and try again.',
          },
          400,
        ),
    });
    renderApp('/recommend?token=tok_0123');

    const heading = await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    expect(heading).toHaveFocus();
    const page = within(heading.parentElement!);
    expect(page.getByText(BROKEN_LINK_MESSAGE)).toBeVisible();
    expect(page.getByText(/The applicant can send you a new link/)).toBeVisible();
    expect(page.getByRole('link', { name: 'help@northfield.example' })).toHaveAttribute(
      'href',
      'mailto:help@northfield.example',
    );
    expect(screen.queryByText(/could not be understood/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(document.title).toBe('Error: Letter of Recommendation - Application for Admission');
  });

  test('an expired link also says the applicant can send a new one, with the help address', async () => {
    stubFetch({ [`POST ${RECOMMENDATION_OPEN_PATH}`]: () => json(LINK_INVALID, 410) });
    renderApp(`/recommend?token=${TOKEN}`);

    const heading = await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    const page = within(heading.parentElement!);
    expect(page.getByText(/The applicant can send you a new link/)).toBeVisible();
    expect(page.getByRole('link', { name: 'help@northfield.example' })).toBeVisible();
  });

  test('a page opened without a token says what to do, and asks the server nothing', async () => {
    const net = stubFetch();
    renderApp('/recommend');

    const heading = await screen.findByRole('heading', { level: 1, name: 'This link cannot be used' });
    expect(within(heading.parentElement!).getByText(NO_TOKEN_MESSAGE)).toBeVisible();
    expect(net.callsTo(`POST ${RECOMMENDATION_OPEN_PATH}`)).toEqual([]);
  });
});
