import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { consoleServer, me } from './console-server';

const ADMIN = me('dean@college.test', ['admin']);
const REVIEWER = me('rita@college.test', ['reviewer'], ['MAE']);

describe('the console by rights, and the team page', { timeout: 30_000 }, () => {
  test('an administrator sees every section, reports included; a reviewer sees the list and their queue (no reports), and is told the team is not theirs', async () => {
    setLoggedInCookie();
    stubFetch(consoleServer(ADMIN).handlers);
    const admin = renderApp('/staff');
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Applications',
      'My queue',
      'Team',
      'Stages & rubrics',
      'Audit log',
      'Reports',
      'Payments',
      'Messages',
      'Integrations',
      'Your sign-in',
    ]);
    expect(within(nav).getByRole('link', { name: 'Applications' })).toHaveAttribute('aria-current', 'page');
    admin.unmount();

    const { callsTo } = stubFetch(consoleServer(REVIEWER).handlers);
    renderApp('/staff/team');
    const reviewerNav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(
      within(reviewerNav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Applications', 'My queue', 'Your sign-in']);
    expect(screen.getByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(screen.getByText(/Your role in the admissions office does not allow this/)).toBeInTheDocument();
    expect(callsTo('GET /api/staff/team')).toEqual([]);
  });

  test('members by name, with roles, programs, status and times in the institution’s zone; an invitation with a name, roles and one program, then focus on its result', async () => {
    setLoggedInCookie();
    const server = consoleServer(ADMIN);
    const { callsTo } = stubFetch({
      ...server.handlers,
      'POST /api/staff/team': () => json({ ok: true }, 201),
    });
    const { user } = renderApp('/staff/team');

    const rita = await screen.findByRole('row', { name: /Rita Reyes/ });
    expect(within(rita).getByRole('rowheader')).toHaveTextContent('Rita Reyes');
    expect(rita).toHaveTextContent('rita@college.test');
    expect(rita).toHaveTextContent('Reviewer');
    expect(rita).toHaveTextContent('MA in Education');
    expect(rita).toHaveTextContent('Invited');
    expect(rita).toHaveTextContent('8:00 am Central Time on Sunday, 1 November 2026');
    const dean = screen.getByRole('row', { name: /dean@college\.test/ });
    expect(dean).toHaveTextContent('Every program');
    expect(dean).toHaveTextContent('9:30 am Central Time on Monday, 2 November 2026');
    // An administrator from STAFF_EMAILS is changed only in the environment (their second factor may be reset).
    expect(within(dean).queryByRole('button', { name: /^(Change|Remove)/ })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('E-mail address'), 'new.reader@college.test');
    // The name is asked for: without it the browser says so and asks nothing.
    const name = screen.getByLabelText('Name');
    expect(name).toBeRequired();
    expect(name).toHaveAttribute('maxLength', '100');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter the name of the person to invite.')).toBeInTheDocument();
    expect(callsTo('POST /api/staff/team')).toEqual([]);
    await user.type(name, '  Nia Reader ');
    await user.click(screen.getByRole('checkbox', { name: /^Reviewer/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Reader/ }));
    await user.click(screen.getByRole('radio', { name: 'Only these programs' }));
    // No program chosen yet: the browser says so and asks nothing.
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Choose at least one program, or every program.')).toBeInTheDocument();
    expect(callsTo('POST /api/staff/team')).toEqual([]);

    await user.click(
      within(screen.getByRole('group', { name: 'Programs this member may see' })).getByRole('checkbox', {
        name: 'MA in Education',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    const sent = await screen.findByText('An invitation was sent to Nia Reader (new.reader@college.test).');
    expect(sent).toHaveAttribute('role', 'status');
    // Focus moves to the result's message (issue 49).
    await waitFor(() => expect(sent).toHaveFocus());
    expect(callsTo('POST /api/staff/team').map((r) => r.body)).toEqual([
      { email: 'new.reader@college.test', name: 'Nia Reader', roles: ['reader'], programs: ['MAE'] },
    ]);
    expect(screen.getByLabelText('E-mail address')).toHaveValue('');
    expect(screen.getByLabelText('Name')).toHaveValue('');
  });

  test('a change the server refuses shows its message and code; a removal asks first, then the list’s title has focus', async () => {
    setLoggedInCookie();
    const server = consoleServer(ADMIN);
    const { callsTo } = stubFetch({
      ...server.handlers,
      'PUT /api/staff/team/rita%40college.test': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some of what you entered needs to be corrected.',
            errors: { programs: ['Unknown program: XYZ.'] },
          },
          400,
        ),
      'DELETE /api/staff/team/rita%40college.test': () => json({ ok: true }),
    });
    const { user } = renderApp('/staff/team');

    await user.click(await screen.findByRole('button', { name: 'Change Rita Reyes' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change Rita Reyes' });
    // An administrator may rename the member.
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Rita Reyes');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Rita M. Reyes');
    await user.click(within(dialog).getByRole('checkbox', { name: /^Decider/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Some of what you entered needs to be corrected.');
    expect(alert).toHaveTextContent('Unknown program: XYZ.');
    expect(alert).toHaveTextContent('VALIDATION_FAILED');
    expect(callsTo('PUT /api/staff/team/rita%40college.test').map((r) => r.body)).toEqual([
      { name: 'Rita M. Reyes', roles: ['reviewer', 'decider'], programs: ['MAE'] },
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('button', { name: 'Remove Rita Reyes' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Rita Reyes?' });
    expect(callsTo('DELETE /api/staff/team/rita%40college.test')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/Rita Reyes was removed from the team/)).toBeInTheDocument();
    expect(callsTo('DELETE /api/staff/team/rita%40college.test')).toHaveLength(1);
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Members' })).toHaveFocus());
  });
});
