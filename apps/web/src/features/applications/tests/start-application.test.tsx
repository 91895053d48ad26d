import { APPLICATION_ID_HEADER, APPLICATIONS_PATH, ERROR_MESSAGES } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { COPY_LEGEND, DO_NOT_COPY } from '../components/copy-from-choice';
import { application, applicationsServer, PAST_CYCLE } from './applications-server';

const NURSING = '00000000-0000-4000-8000-000000000001';
const EDUCATION = '00000000-0000-4000-8000-000000000002';
const PAST = '00000000-0000-4000-8000-000000000003';

function twoApplications(refuseStart?: 'PROGRAM_CLOSED') {
  return applicationsServer({
    refuseStart,
    applications: [
      application(NURSING, 'BMN'),
      application(EDUCATION, 'MAE', { state: 'submitted', submitted_at: '2026-11-02T15:00:00.000Z' }),
      // Applied for in an earlier cycle: it may be applied for again.
      application(PAST, 'MAPP', { cycle: PAST_CYCLE, state: 'closed' }),
    ],
    records: { [NURSING]: { answers: { first_name: 'Ada' }, webStatuses: ['started'] } },
  });
}

async function openDialog(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Start another application' }));
  return screen.findByRole('dialog', { name: 'Start another application' });
}

const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('starting another application', { timeout: 30_000 }, () => {
  test('offers the programs not applied for yet, copies from the open one, and opens the new form', async () => {
    setLoggedInCookie();
    const server = twoApplications();
    const net = stubFetch(server.handlers);
    const { user, router } = renderApp('/applications');
    const dialog = await openDialog(user);

    const program = within(dialog).getByRole('combobox', { name: 'Program' });
    expect(optionNames(program)).not.toContain('MS in Nursing');
    expect(optionNames(program)).not.toContain('MA in Education');
    expect(optionNames(program)).toContain('MA in Applied Psychology');
    const term = within(dialog).getByRole('combobox', { name: 'Term' });
    expect(optionNames(term)).toEqual(['Choose a program first']);

    // Nothing chosen: the dialog says what is missing, and focus goes to it.
    await user.click(within(dialog).getByRole('button', { name: 'Start the application' }));
    expect(program).toHaveAccessibleDescription('Choose a program.');
    expect(program).toHaveAttribute('aria-invalid', 'true');
    expect(program).toHaveFocus();
    expect(net.callsTo(`POST ${APPLICATIONS_PATH}`)).toHaveLength(0);

    await user.selectOptions(program, 'MA in Applied Sociology');
    expect(optionNames(term)).toEqual([
      'Choose a term',
      'Spring 2027',
      'Summer 2027',
      'Fall 2027',
      'Spring 2028',
      'Summer 2028',
      'Fall 2028',
    ]);
    await user.selectOptions(term, 'Fall 2027');
    const copy = within(dialog).getByRole('group', { name: COPY_LEGEND });
    // This cycle's applications only, the open one chosen.
    expect(within(copy).getByRole('radio', { name: 'MS in Nursing, Fall 2027 (open now)' })).toBeChecked();
    expect(within(copy).getByRole('radio', { name: 'MA in Education, Fall 2027' })).not.toBeChecked();
    expect(within(copy).getByRole('radio', { name: DO_NOT_COPY })).not.toBeChecked();
    expect(within(copy).queryByRole('radio', { name: /Applied Psychology/ })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Start the application' }));

    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(router.state.location.pathname).toBe('/about');
    expect(net.callsTo(`POST ${APPLICATIONS_PATH}`).map((r) => r.body)).toEqual([
      { program: 'MAAS', term: '2027FA', copy_from: NURSING },
    ]);
    // The form is the new application's, and its calls name it.
    const started = server.state.current;
    expect(started).not.toBe(NURSING);
    expect(net.callsTo('GET /api/profile').at(-1)?.headers.get(APPLICATION_ID_HEADER)).toBe(started);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('First name'), 'Grace');
    expect(screen.getByLabelText('First name')).toHaveValue('Grace');
  });

  test('without copying, no copy_from is sent', async () => {
    setLoggedInCookie();
    const net = stubFetch(twoApplications().handlers);
    const { user } = renderApp('/applications');
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Program' }), 'MA in Public Service');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Term' }), 'Spring 2028');
    await user.click(within(dialog).getByRole('radio', { name: DO_NOT_COPY }));
    await user.click(within(dialog).getByRole('button', { name: 'Start the application' }));

    await screen.findByRole('heading', { level: 1, name: 'About You' });
    expect(net.callsTo(`POST ${APPLICATIONS_PATH}`).map((r) => r.body)).toEqual([{ program: 'MAPS', term: '2028SP' }]);
  });

  test('a start the server refuses shows its message in the dialog, and focus goes to it', async () => {
    setLoggedInCookie();
    const net = stubFetch(twoApplications('PROGRAM_CLOSED').handlers);
    const { user, router } = renderApp('/applications');
    const dialog = await openDialog(user);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Program' }), 'MA in Applied Sociology');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Term' }), 'Fall 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Start the application' }));

    const alert = await within(dialog).findByRole('alert');
    expect(alert).toHaveTextContent(ERROR_MESSAGES.PROGRAM_CLOSED);
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(net.callsTo(`POST ${APPLICATIONS_PATH}`)).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/applications');
    // Nothing was started: Cancel closes the dialog, and focus goes back to its button.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Start another application' })).toHaveFocus();
  });
});
