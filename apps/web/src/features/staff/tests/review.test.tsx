import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, ALAN, consoleServer, me, reviewsOf } from './console-server';

const REVIEWER = me('rita@college.test', ['reviewer'], ['MAE']);

describe('my queue and the review screen', { timeout: 30_000 }, () => {
  test('the queue lists the assigned applications oldest first; one opens beside its print view, is scored and submitted', async () => {
    setLoggedInCookie();
    const server = consoleServer(REVIEWER);
    let reviews = reviewsOf();
    const { callsTo } = stubFetch({
      ...server.handlers,
      [`GET /api/staff/applications/${ADA}/reviews`]: () => json(reviews),
      [`PUT /api/staff/applications/${ADA}/review`]: (r) => {
        const body = r.body as { scores: Record<string, number>; comment: string; submit: boolean };
        reviews = reviewsOf({
          mine: {
            reviewer: REVIEWER.email,
            ...body,
            overall: 4.5,
            status: body.submit ? 'submitted' : 'draft',
            updated_at: '2026-11-03T16:00:00.000Z',
            submitted_at: body.submit ? '2026-11-03T16:00:00.000Z' : null,
          },
          others_hidden: false,
        });
        return json({ ok: true });
      },
    });
    const { user, router } = renderApp('/staff/queue');

    await screen.findByRole('heading', { level: 1, name: 'My queue' });
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      'Lovelace, Ada',
      'Turing, Alan',
    ]);
    expect(rows[1]).toHaveTextContent('Ready for review');
    expect(rows[1]).toHaveTextContent('4:00 am Central Time on Sunday, 1 November 2026');
    expect(screen.getByRole('status')).toHaveTextContent('2 applications waiting for your review, oldest first.');

    await user.click(screen.getByRole('link', { name: 'Lovelace, Ada' }));
    await screen.findByRole('heading', { level: 1, name: 'Review of Ada Lovelace' });
    expect(router.state.location.pathname).toBe(`/staff/applications/${ADA}/review`);
    // The print view is beside the form, read with a print link made for this visit.
    const printed = await screen.findByRole('region', { name: 'The application as printed' });
    expect(await within(printed).findByRole('heading', { level: 3, name: 'Step 1: About You' })).toBeInTheDocument();
    expect(within(printed).getAllByText('[X]').length).toBeGreaterThan(0);
    expect(callsTo(`POST /api/staff/applications/${ADA}/print-token`)).toHaveLength(1);
    expect(callsTo('GET /service/tmp-pdf').at(-1)?.path).toBe('/service/tmp-pdf?service_token=t-ada');

    // Blind: the others' reviews wait until this one is submitted.
    expect(screen.getByText(/shown once you have submitted yours/)).toBeInTheDocument();

    // A score out of range is refused in the browser and never sent.
    const academics = screen.getByLabelText(/^Academic record/);
    await user.type(academics, '9');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Academic record must be from 1 to 5.')).toBeInTheDocument();
    expect(academics).toHaveAttribute('aria-invalid', 'true');
    expect(academics).toHaveFocus();
    expect(callsTo(`PUT /api/staff/applications/${ADA}/review`)).toEqual([]);

    await user.clear(academics);
    await user.type(academics, '4');
    await user.type(screen.getByLabelText(/^Fit with the program/), '5');
    expect(screen.getByText('4.5')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Comment'), 'Strong record.');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByText('Your review was submitted.')).toBeInTheDocument();
    // The form is drawn anew from the saved review: focus is on what the save did, not lost to the page.
    await waitFor(() => expect(screen.getByText('Your review was submitted.')).toHaveFocus());
    expect(callsTo(`PUT /api/staff/applications/${ADA}/review`).map((r) => r.body)).toEqual([
      { scores: { academics: 4, fit: 5 }, comment: 'Strong record.', submit: true },
    ]);
    // Submitted: it may be amended, and the others' reviews are no longer withheld.
    expect(await screen.findByRole('button', { name: 'Save amended review' })).toBeInTheDocument();
    expect(screen.getByText('No other review has been submitted.')).toBeInTheDocument();
    // Back in the queue, it is asked again (the server leaves the submitted one out).
    await user.click(screen.getByRole('link', { name: 'Back to your queue' }));
    await screen.findByRole('heading', { level: 1, name: 'My queue' });
    expect(callsTo('GET /api/staff/queue')).toHaveLength(2);
  });

  test('next and previous in the queue by buttons and by Alt+Page Down and Alt+Page Up, documented on the page', async () => {
    setLoggedInCookie();
    stubFetch(consoleServer(REVIEWER).handlers);
    const { user, router } = renderApp('/staff/queue');
    await user.click(await screen.findByRole('link', { name: 'Lovelace, Ada' }));
    const title = await screen.findByRole('heading', { level: 1, name: 'Review of Ada Lovelace' });
    expect(screen.getByText('1 of 2 in your queue')).toBeInTheDocument();
    expect(
      screen.getByText(/Alt\+Page Down for the next application, Alt\+Page Up for the previous one/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous application' })).toBeDisabled();
    await waitFor(() => expect(title).toHaveFocus());

    fireEvent.keyDown(document.activeElement!, { key: 'PageDown', altKey: true });
    const alan = await screen.findByRole('heading', { level: 1, name: 'Review of Alan Turing' });
    expect(router.state.location.pathname).toBe(`/staff/applications/${ALAN}/review`);
    // A new application starts at its title, as a new page does.
    await waitFor(() => expect(alan).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Next application' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous application' }));
    await screen.findByRole('heading', { level: 1, name: 'Review of Ada Lovelace' });
    fireEvent.keyDown(document.body, { key: 'PageUp', altKey: true });
    expect(router.state.location.pathname).toBe(`/staff/applications/${ADA}/review`);
    await user.click(screen.getByRole('link', { name: 'Back to your queue' }));
    await screen.findByRole('heading', { level: 1, name: 'My queue' });
  });

  test('notes: the list with author and time, an empty note refused, a new one added', async () => {
    setLoggedInCookie();
    const server = consoleServer(me('reader@college.test', ['reader']));
    server.notes[ADA]!.push({
      id: 'n1',
      author: 'dean@college.test',
      text: 'Transcript arrives Friday.',
      created_at: '2026-11-02T15:30:00.000Z',
    });
    const { callsTo } = stubFetch(server.handlers);
    const { user } = renderApp(`/staff/applications/${ADA}/review`);

    const notes = await screen.findByRole('region', { name: 'Notes' });
    const first = await within(notes).findByRole('listitem');
    expect(first).toHaveTextContent('dean@college.test');
    expect(first).toHaveTextContent('9:30 am Central Time on Monday, 2 November 2026');
    expect(first).toHaveTextContent('Transcript arrives Friday.');
    // A reader neither reviews nor moves stages.
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Move to stage')).not.toBeInTheDocument();

    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Write the note first.')).toBeInTheDocument();
    expect(callsTo(`POST /api/staff/applications/${ADA}/notes`)).toEqual([]);

    await user.type(within(notes).getByLabelText(/^New note/), 'Called the applicant.');
    await user.click(within(notes).getByRole('button', { name: 'Add note' }));
    expect(await within(notes).findByText('Your note was added.')).toBeInTheDocument();
    expect(callsTo(`POST /api/staff/applications/${ADA}/notes`).map((r) => r.body)).toEqual([
      { text: 'Called the applicant.' },
    ]);
    expect(await within(notes).findByText('Called the applicant.')).toBeInTheDocument();
  });

  test('an application outside the member’s programs says so (404), with nothing of it shown', async () => {
    setLoggedInCookie();
    stubFetch({
      ...consoleServer(REVIEWER).handlers,
      [`GET /api/staff/applications/${ADA}`]: () =>
        json({ code: 'NOT_FOUND', message: 'The page or item you asked for does not exist.' }, 404),
    });
    renderApp(`/staff/applications/${ADA}/review`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The page or item you asked for does not exist.');
    expect(screen.queryByRole('heading', { level: 1, name: /Review of/ })).not.toBeInTheDocument();
  });
  test('a decider reads the submitted reviews, with no review form of their own', async () => {
    setLoggedInCookie();
    stubFetch({
      ...consoleServer(me('decider@college.test', ['decider'])).handlers,
      [`GET /api/staff/applications/${ADA}/reviews`]: () =>
        json(
          reviewsOf({
            assigned_to_me: false,
            others_hidden: false,
            others: [
              {
                reviewer: 'rita@college.test',
                scores: { academics: 4, fit: 5 },
                comment: 'Strong record.',
                overall: 4.5,
                status: 'submitted',
                updated_at: '2026-11-03T16:00:00.000Z',
                submitted_at: '2026-11-03T16:00:00.000Z',
              },
            ],
          }),
        ),
    });
    renderApp(`/staff/applications/${ADA}/review`);
    const others = await screen.findByRole('region', { name: 'Other reviews' });
    const review = (await within(others).findAllByRole('listitem'))[0]!;
    expect(review).toHaveTextContent('rita@college.test, overall 4.5');
    expect(review).toHaveTextContent('Academic record: 4');
    expect(review).toHaveTextContent('Strong record.');
    expect(review).toHaveTextContent('10:00 am Central Time on Tuesday, 3 November 2026');
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
    // A decider moves stages.
    expect(screen.getByLabelText('Move to stage')).toBeInTheDocument();
  });
});
