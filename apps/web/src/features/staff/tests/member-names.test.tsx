import type { TeamMember } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch, type SeenRequest } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, ALAN, consoleServer, me, MEMBERS, reviewsOf, row } from './console-server';

/** Names, not ids (issue 49): members by name, the reviewers a selection may have, a refusal that names applicants. */
const ADMIN = me('dean@college.test', ['admin'], null, 'Dora Dean');

const member = (email: string, name: string | null, extra: Partial<TeamMember>): TeamMember => ({
  email,
  name,
  roles: ['reviewer'],
  programs: null,
  status: 'active',
  invited_at: '2026-11-01T14:00:00.000Z',
  last_seen_at: null,
  from_environment: false,
  last_sign_in_at: null,
  last_sign_in_method: null,
  mfa_enrolled: false,
  ...extra,
});

// Ada applies to MAE, Alan to MAPP.
const ROWS = [
  row(ADA, 'Lovelace', 'Ada'),
  row(ALAN, 'Turing', 'Alan', { program: 'MAPP', program_label: 'MA in Applied Psychology' }),
];
const TEAM = [
  ...MEMBERS, // the dean (an administrator of every program, no name) and Rita Reyes (a reviewer of MAE)
  member('omar@college.test', 'Omar Haddad', {}),
  member('mo@college.test', null, { programs: ['MAE', 'MAPP'] }),
  member('pia@college.test', 'Pia Park', { programs: ['MAPP'] }),
  member('rhea@college.test', 'Rhea Reader', { roles: ['reader'] }),
  member('dev@college.test', 'Dev Decider', { roles: ['decider'] }),
];

function listServer(extra: Record<string, (req: SeenRequest) => Response> = {}) {
  setLoggedInCookie();
  return stubFetch({
    ...consoleServer(ADMIN).handlers,
    'GET /api/staff/applications': () => json({ rows: ROWS, page: 1, page_size: 50, total: 2, total_capped: false }),
    'GET /api/staff/team': () => json({ members: TEAM }),
    ...extra,
  });
}

const options = (dialog: HTMLElement) =>
  within(within(dialog).getByLabelText('Reviewer'))
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('names, not ids', { timeout: 30_000 }, () => {
  test('the assignment dialog offers by name only the reviewers who may review every selected application', async () => {
    listServer();
    const { user } = renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });

    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    await user.click(screen.getByRole('button', { name: 'Assign to reviewer…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign to reviewer' });
    // MAE and MAPP: Rita (MAE only) and Pia (MAPP only) may not; readers and deciders never; no name: the address.
    expect(options(dialog)).toEqual([
      'Choose a reviewer',
      'dean@college.test',
      'mo@college.test (MA in Education, MA in Applied Psychology)',
      'Omar Haddad (omar@college.test)',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.click(screen.getByRole('checkbox', { name: 'Select Turing, Alan' }));
    await user.click(screen.getByRole('button', { name: 'Assign to reviewer…' }));
    dialog = await screen.findByRole('dialog', { name: 'Assign to reviewer' });
    expect(options(dialog)).toEqual([
      'Choose a reviewer',
      'dean@college.test',
      'mo@college.test (MA in Education, MA in Applied Psychology)',
      'Omar Haddad (omar@college.test)',
      'Rita Reyes (rita@college.test; MA in Education)',
    ]);
  });

  test('an assignment done names the reviewer; a refusal names the applicants, never their ids', async () => {
    const { callsTo } = listServer({
      'POST /api/staff/assignments': (req) =>
        (req.body as { reviewer: string }).reviewer === 'omar@college.test'
          ? json({ assigned: 2, already_assigned: 0 })
          : json(
              {
                code: 'REVIEWER_CANNOT_REVIEW',
                message: 'mo@college.test cannot review Alan Turing: it is their own application.',
                errors: { applicants: ['Alan Turing'], application_ids: [ALAN] },
              },
              409,
            ),
    });
    const { user } = renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));

    await user.click(screen.getByRole('button', { name: 'Assign to reviewer…' }));
    let dialog = await screen.findByRole('dialog', { name: 'Assign to reviewer' });
    await user.selectOptions(within(dialog).getByLabelText('Reviewer'), 'mo@college.test');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent('Alan Turing');
    expect(alert).toHaveTextContent('REVIEWER_CANNOT_REVIEW');
    expect(alert).not.toHaveTextContent(ALAN);

    await user.selectOptions(within(dialog).getByLabelText('Reviewer'), 'omar@college.test');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(await screen.findByText('2 applications assigned to Omar Haddad.')).toBeInTheDocument();
    expect(callsTo('POST /api/staff/assignments').map((r) => r.body)).toEqual([
      { reviewer: 'mo@college.test', application_ids: [ADA, ALAN] },
      { reviewer: 'omar@college.test', application_ids: [ADA, ALAN] },
    ]);
    dialog = screen.queryByRole('dialog', { name: 'Assign to reviewer' }) as HTMLElement;
    expect(dialog).toBeNull();
  });

  test('the console names the member signed in, the other reviewers and the notes’ authors', async () => {
    setLoggedInCookie();
    const server = consoleServer(ADMIN);
    stubFetch({
      ...server.handlers,
      [`GET /api/staff/applications/${ADA}/reviews`]: () =>
        json(
          reviewsOf({
            others_hidden: false,
            others: [
              {
                reviewer: 'rita@college.test',
                reviewer_name: 'Rita Reyes',
                scores: { academics: 4 },
                comment: 'Strong.',
                overall: 4,
                status: 'submitted',
                updated_at: '2026-11-02T10:00:00.000Z',
                submitted_at: '2026-11-02T10:00:00.000Z',
              },
              {
                reviewer: 'mo@college.test',
                reviewer_name: null,
                scores: { academics: 3 },
                comment: '',
                overall: 3,
                status: 'submitted',
                updated_at: '2026-11-02T11:00:00.000Z',
                submitted_at: '2026-11-02T11:00:00.000Z',
              },
            ],
          }),
        ),
      [`GET /api/staff/applications/${ADA}/notes`]: () =>
        json({
          notes: [
            {
              id: '1',
              author: 'rita@college.test',
              author_name: 'Rita Reyes',
              text: 'Called her.',
              created_at: '2026-11-03T16:00:00.000Z',
            },
          ],
        }),
    });
    renderApp(`/staff/applications/${ADA}/review`);
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(nav).toHaveTextContent('Signed in as Dora Dean (dean@college.test;');
    const others = await screen.findByRole('region', { name: 'Other reviews' });
    expect(await within(others).findByText('Rita Reyes')).toBeInTheDocument();
    expect(within(others).getByText('mo@college.test')).toBeInTheDocument();
    const notes = screen.getByRole('region', { name: 'Notes' });
    expect(await within(notes).findByText('Rita Reyes')).toBeInTheDocument();
  });
});
