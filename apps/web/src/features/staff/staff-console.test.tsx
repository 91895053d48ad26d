import type { StaffApplicationDetail, StaffListResponse, StaffListRow } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer } from '../../test/application-server';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../test/render-app';
import { staffMe } from '../../test/fixtures';
import { ADA, detail as detailOf, row } from './tests/console-server';

/** A started application, not yet submitted: no stage, its missing items counted. */
const ROW = row(ADA, 'Lovelace', 'Ada', {
  preferred_name: 'Countess',
  web_status: 'started',
  submitted_at: null,
  missing_count: 4,
  stage: null,
  stage_label: null,
  stage_entered_at: null,
  days_in_stage: null,
});

const list = (rows: StaffListRow[], total = rows.length): StaffListResponse => ({
  rows,
  page: 1,
  page_size: 50,
  total,
  total_capped: false,
});

function staffServer() {
  const server = applicantServer({ username: 'dean@college.test' });
  return {
    ...server.handlers,
    'GET /api/profile': async (r: Parameters<(typeof server.handlers)['GET /api/profile']>[0]) => {
      const profile = await (await server.handlers['GET /api/profile']!(r)).json();
      return json({ ...profile, is_staff: true });
    },
    'GET /api/staff/me': () => json(staffMe('dean@college.test')),
    'GET /api/staff/applications': () => json(list([ROW])),
  };
}

describe('the staff console', { timeout: 30_000 }, () => {
  test('a staff member who opens the application is taken to the console, and it asks the server for each view', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(staffServer());
    const { user, router } = renderApp('/about');

    await screen.findByRole('heading', { level: 1, name: 'Applications' });
    expect(router.state.location.pathname).toBe('/staff');
    const row = await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(row).toHaveTextContent('MA in Education');
    expect(row).toHaveTextContent('Fall 2027');
    expect(row).toHaveTextContent('Started');
    expect(within(row).getByRole('cell', { name: '4' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('1 application ·');

    await user.type(screen.getByLabelText('Name or e-mail'), 'love');
    await user.selectOptions(screen.getByLabelText('Status'), 'started');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: /^Name/ }));
    const asked = callsTo('GET /api/staff/applications').map((r) => r.path);
    expect(asked.at(-1)).toBe('/api/staff/applications?q=love&status=started&sort=name&dir=asc');
    expect(screen.getByRole('columnheader', { name: /^Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('link', { name: 'Export these as CSV' })).toHaveAttribute(
      'href',
      '/api/staff/applications.csv?q=love&status=started&sort=name&dir=asc',
    );
    // No applicant state is started for staff: no status posted, no page saved.
    expect(callsTo('POST /api/web-status')).toEqual([]);
    expect(callsTo('PUT /api/last-page')).toEqual([]);
  });

  test('one application: header, history, missing items and the packet link', async () => {
    setLoggedInCookie();
    const detail: StaffApplicationDetail = {
      ...ROW,
      status_history: [{ web_status: 'started', at: '2026-11-01T09:00:00.000Z' }],
      missing_items: [{ key: 'birth_date', message: 'Date of Birth', page: '/about' }],
      checklist: [],
      documents: [],
      recommendations: [],
      waived_letter_access: null,
      packet_url: `/api/staff/applications/${ROW.user_id}/packet`,
      other_applications: [],
      external_ids: { banner: 'A00123', colleague: 'C-77' },
    };
    stubFetch({ ...staffServer(), [`GET /api/staff/applications/${ROW.user_id}`]: () => json(detail) });
    renderApp(`/staff/applications/${ROW.user_id}`);

    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByText('Countess')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Missing items (1)' })).toBeInTheDocument();
    expect(screen.getByText('Date of Birth')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download packet' })).toHaveAttribute('href', detail.packet_url);
    // The campus IDs written back through the API (issue 45), among the applicant's facts.
    expect(screen.getByText('Campus IDs').nextElementSibling).toHaveTextContent('banner A00123, colleague C-77');
    expect(screen.getByRole('button', { name: 'Open print view' })).toBeInTheDocument();
  });

  test('an application no campus system has written an ID to names none', async () => {
    setLoggedInCookie();
    stubFetch({ ...staffServer(), [`GET /api/staff/applications/${ROW.user_id}`]: () => json(detailOf(ROW)) });
    renderApp(`/staff/applications/${ROW.user_id}`);

    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByText('Preferred name')).toBeVisible();
    expect(screen.queryByText('Campus IDs')).toBeNull();
  });

  test('an applicant who opens /staff sees no application but their own', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...applicantServer().handlers,
      'GET /api/staff/me': () =>
        json({ code: 'STAFF_ONLY', message: 'This page is for the admissions office only.' }, 403),
    });
    const { user } = renderApp('/staff');

    await screen.findByText('This page is for the admissions office only.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(callsTo('GET /api/staff/applications')).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Go to your application' }));
    await screen.findByRole('heading', { level: 1, name: 'About You' });
  });
});
