import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, me, STAGES } from './console-server';

const ADMIN = me('dean@college.test', ['admin']);

describe('stages, rubrics and the audit log (administrators)', { timeout: 30_000 }, () => {
  test('stages are renamed, reordered by keyboard, added and saved in their order', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'PUT /api/staff/stages': (r) => json(r.body),
    });
    const { user } = renderApp('/staff/workflow');

    const down = await screen.findByRole('button', { name: 'Move Awaiting materials down' });
    down.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/Awaiting materials moved to position 2 of 3/)).toHaveAttribute('role', 'status');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Move Awaiting materials down' })).toHaveFocus());
    await user.clear(screen.getByLabelText('Name of stage 3'));
    await user.type(screen.getByLabelText('Name of stage 3'), 'Committee');
    await user.type(screen.getByLabelText('New stage'), 'Ready for decision{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    expect(await screen.findByText('The stages were saved.')).toBeInTheDocument();
    expect(callsTo('PUT /api/staff/stages').map((r) => r.body)).toEqual([
      {
        stages: [
          STAGES[1],
          STAGES[0],
          { id: 'committee-review', label: 'Committee' },
          { id: 'ready-for-decision', label: 'Ready for decision' },
        ],
      },
    ]);
  });

  test('a program gets its own rubric with an entered overall; a bad range is caught before saving', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'PUT /api/staff/rubrics': (r) => json(r.body),
    });
    const { user } = renderApp('/staff/workflow');

    await user.selectOptions(await screen.findByLabelText('Rubric of'), 'MAE');
    expect(screen.getByText('MA in Education uses the default rubric.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Give it its own rubric' }));
    await user.click(screen.getByRole('radio', { name: 'Entered by the reviewer' }));
    const second = screen.getByRole('group', { name: 'Criterion 2' });
    await user.clear(within(second).getByLabelText('Highest score'));
    await user.type(within(second).getByLabelText('Highest score'), '0');
    await user.click(screen.getByRole('button', { name: 'Save rubrics' }));
    expect(
      await screen.findByText(/The lowest score of Fit with the program must be below its highest/),
    ).toBeInTheDocument();
    expect(callsTo('PUT /api/staff/rubrics')).toEqual([]);

    await user.clear(within(second).getByLabelText('Highest score'));
    await user.type(within(second).getByLabelText('Highest score'), '10');
    await user.click(screen.getByRole('button', { name: 'Save rubrics' }));
    expect(await screen.findByText('The rubrics were saved.')).toBeInTheDocument();
    const saved = callsTo('PUT /api/staff/rubrics')[0]!.body as Record<
      string,
      { overall: string; criteria: unknown[] }
    >;
    expect(Object.keys(saved)).toEqual(['default', 'MAE']);
    expect(saved.MAE).toEqual({
      overall: 'entered',
      criteria: [
        { id: 'academics', label: 'Academic record', min: 1, max: 5 },
        { id: 'fit', label: 'Fit with the program', min: 1, max: 10 },
      ],
    });
  });

  test('the audit log, filtered by member and application, newest first, a page at a time', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'GET /api/staff/audit': (r) =>
        json({
          entries: [
            {
              id: r.path.includes('page=2') ? 'e2' : 'e1',
              staff_email: 'rita@college.test',
              application_user_id: ADA,
              action: r.path.includes('page=2') ? 'review_saved' : 'review_submitted',
              detail: { overall: 4.5 },
              created_at: '2026-11-03T16:00:00.000Z',
            },
          ],
          page: r.path.includes('page=2') ? 2 : 1,
          page_size: 50,
          has_more: !r.path.includes('page=2'),
        }),
    });
    const { user } = renderApp('/staff/audit');

    const entry = await screen.findByRole('row', { name: /review_submitted/ });
    expect(entry).toHaveTextContent('rita@college.test');
    expect(entry).toHaveTextContent('10:00 am Central Time on Tuesday, 3 November 2026');
    expect(entry).toHaveTextContent('overall: 4.5');
    await user.type(screen.getByLabelText("Member's e-mail"), 'rita@college.test');
    await user.type(screen.getByLabelText('Application (id)'), ADA);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('button', { name: 'Older entries' }));
    await screen.findByRole('row', { name: /review_saved/ });
    expect(callsTo('GET /api/staff/audit').map((r) => r.path)).toEqual([
      '/api/staff/audit',
      `/api/staff/audit?member=rita%40college.test&application=${ADA}`,
      `/api/staff/audit?member=rita%40college.test&application=${ADA}&page=2`,
    ]);
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeDisabled();
  });
});
