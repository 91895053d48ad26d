import type { AuditEntry } from '@admissions/domain';
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

  const entry = (extra: Partial<AuditEntry>): AuditEntry => ({
    id: 'e1',
    staff_email: 'rita@college.test',
    application_user_id: ADA,
    applicant_name: 'Ada Yılmaz',
    may_open: true,
    action: 'view-application',
    detail: {},
    summary: 'viewed the application',
    count: 1,
    first_at: '2026-11-03T16:00:07.000Z',
    created_at: '2026-11-03T16:00:07.000Z',
    ...extra,
  });

  test('the audit log, filtered by member and application, newest first, a page at a time', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'GET /api/staff/audit': (r) =>
        json({
          entries: [
            r.path.includes('page=2')
              ? entry({ id: 'e2', action: 'review-save', summary: 'saved a draft review' })
              : entry({ action: 'review-submit', summary: 'submitted a review, overall 4.5' }),
          ],
          upto: '41',
          page: r.path.includes('page=2') ? 2 : 1,
          page_size: 50,
          has_more: !r.path.includes('page=2'),
        }),
    });
    const { user } = renderApp('/staff/audit');

    const row = await screen.findByRole('row', { name: /Submitted a review/ });
    expect(row).toHaveTextContent('rita@college.test');
    // To the second, the zone named as it stood.
    expect(row).toHaveTextContent('Nov 3, 2026, 10:00:07 am CST');
    expect(row).toHaveTextContent('submitted a review, overall 4.5');
    await user.type(screen.getByLabelText("Member's e-mail"), 'rita@college.test');
    await user.type(screen.getByLabelText('Application (id)'), ADA);
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await user.click(await screen.findByRole('button', { name: 'Older entries' }));
    await screen.findByRole('row', { name: /saved a draft review/ });
    expect(callsTo('GET /api/staff/audit').map((r) => r.path)).toEqual([
      '/api/staff/audit',
      `/api/staff/audit?member=rita%40college.test&application=${ADA}`,
      // The next page keeps to the rows the first read.
      `/api/staff/audit?member=rita%40college.test&application=${ADA}&page=2&upto=41`,
    ]);
    expect(screen.getByRole('button', { name: 'Older entries' })).toBeDisabled();
  });

  test("the audit log filters by the applicant's name and by action, and shows folded views and names", async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'GET /api/staff/audit': () =>
        json({
          entries: [
            entry({ id: 'e9', count: 3, summary: 'viewed the application 3 times' }),
            entry({
              id: 'e8',
              action: 'record-decision',
              summary: 'recorded Wait-listed, no reasons',
              created_at: '2026-11-29T02:25:13.000Z',
            }),
            entry({ id: 'e7', action: 'denied', summary: 'denied: not in their programs', may_open: false }),
          ],
          upto: '9',
          page: 1,
          page_size: 50,
          has_more: false,
        }),
    });
    const { user } = renderApp('/staff/audit');

    const folded = await screen.findByRole('row', { name: /viewed the application 3 times/ });
    expect(within(folded).getByRole('link', { name: 'Ada Yılmaz' })).toHaveAttribute(
      'href',
      `/staff/applications/${ADA}`,
    );
    expect(folded).toHaveTextContent(ADA);
    const decision = screen.getByRole('row', { name: /Recorded a decision/ });
    expect(decision).toHaveTextContent('Nov 28, 2026, 8:25:13 pm CST');
    expect(decision).toHaveTextContent('recorded Wait-listed, no reasons');
    // A member who may not open the application reads its name, without a link.
    const denied = screen.getByRole('row', { name: /denied: not in their programs/ });
    expect(within(denied).queryByRole('link')).toBeNull();
    expect(denied).toHaveTextContent('Ada Yılmaz');

    await user.type(screen.getByLabelText("Applicant's name"), 'yilmaz');
    await user.selectOptions(screen.getByLabelText('Action'), 'Recorded a decision');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/audit').map((r) => r.path)).toEqual([
        '/api/staff/audit',
        '/api/staff/audit?name=yilmaz&action=record-decision',
      ]),
    );
    expect(screen.getByLabelText('Action')).toHaveValue('record-decision');
  });
});
