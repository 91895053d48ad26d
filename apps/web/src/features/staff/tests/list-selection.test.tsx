import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, ALAN, consoleServer, me } from './console-server';

const ADMIN = me('dean@college.test', ['admin']);

describe('the list at work: stages, scores, selection and bulk actions', { timeout: 30_000 }, () => {
  test('stage, time in stage, overall score and reviews; filtered by stage and sorted by score', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch(consoleServer(ADMIN).handlers);
    const { user } = renderApp('/staff');

    const ada = await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(ada).toHaveTextContent('Ready for review');
    expect(within(ada).getByRole('cell', { name: '4.5' })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: '2' })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: '3 days' })).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Stage'), 'committee-review');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await user.click(screen.getByRole('button', { name: /^Overall score/ }));
    expect(callsTo('GET /api/staff/applications').at(-1)?.path).toBe(
      '/api/staff/applications?stage=committee-review&sort=overall_score&dir=desc',
    );
    expect(screen.getByRole('columnheader', { name: /^Overall score/ })).toHaveAttribute('aria-sort', 'descending');
  });

  test('select all on the page, assign them to a reviewer in one call, and hear what happened', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({
      ...consoleServer(ADMIN).handlers,
      'POST /api/staff/assignments': () => json({ assigned: 1, already_assigned: 1 }),
      'PUT /api/staff/applications/stage': () => json({ moved: 1 }),
    });
    const { user } = renderApp('/staff');

    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(screen.getByRole('button', { name: 'Assign to reviewer…' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select all on this page' }));
    expect(screen.getByRole('checkbox', { name: 'Select Lovelace, Ada' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select Turing, Alan' })).toBeChecked();
    expect(screen.getByRole('group', { name: 'With the selected applications' })).toHaveTextContent(
      '2 applications selected',
    );

    await user.click(screen.getByRole('button', { name: 'Assign to reviewer…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign to reviewer' });
    await user.selectOptions(within(dialog).getByLabelText('Reviewer'), 'rita@college.test');
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    expect(
      await screen.findByText('1 application assigned to Rita Reyes; 1 application already were.'),
    ).toHaveAttribute('aria-live', 'polite');
    expect(callsTo('POST /api/staff/assignments').map((r) => r.body)).toEqual([
      { reviewer: 'rita@college.test', application_ids: [ADA, ALAN] },
    ]);
    // Done: the selection is cleared, and focus is where the next one starts.
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveFocus());
    expect(screen.getByRole('checkbox', { name: 'Select Lovelace, Ada' })).not.toBeChecked();

    await user.click(screen.getByRole('checkbox', { name: 'Select Turing, Alan' }));
    expect(screen.getByRole('checkbox', { name: 'Select all on this page' })).toHaveProperty('indeterminate', true);
    await user.click(screen.getByRole('button', { name: 'Move to stage…' }));
    const move = await screen.findByRole('dialog', { name: 'Move to stage' });
    await user.selectOptions(within(move).getByLabelText('Stage'), 'committee-review');
    await user.click(within(move).getByRole('button', { name: 'Move' }));
    expect(await screen.findByText('1 application moved to Committee review.')).toBeInTheDocument();
    expect(callsTo('PUT /api/staff/applications/stage').map((r) => r.body)).toEqual([
      { stage: 'committee-review', application_ids: [ALAN] },
    ]);
  });

  test('a reader has no selection and no bulk actions', async () => {
    setLoggedInCookie();
    stubFetch(consoleServer(me('reader@college.test', ['reader'])).handlers);
    renderApp('/staff');
    await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Assign to reviewer…' })).not.toBeInTheDocument();
  });
});
