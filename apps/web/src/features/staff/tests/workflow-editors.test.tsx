import type { RubricsInput, RubricsResponse, Stage } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, me, reviewsOf, RUBRICS, STAGES } from './console-server';

const ADMIN = me('dean@college.test', ['admin']);

/** The rubrics and stages as a server keeps them: a PUT changes what the next GET reads, new criteria get ids. */
function workflowServer() {
  let rubrics: RubricsResponse = structuredClone(RUBRICS);
  let stages: Stage[] = structuredClone(STAGES);
  let made = 0;
  return {
    'GET /api/staff/rubrics': () => json(rubrics),
    'PUT /api/staff/rubrics': (r: { body: unknown }) => {
      const body = r.body as RubricsInput;
      rubrics = Object.fromEntries(
        Object.entries(body).map(([k, v]) => [
          k,
          { ...v, criteria: v.criteria.map((c) => ({ ...c, id: c.id ?? `c-made-${++made}` })) },
        ]),
      );
      return json(rubrics);
    },
    'GET /api/staff/stages': () => json({ stages }),
    'PUT /api/staff/stages': (r: { body: unknown }) => {
      stages = (r.body as { stages: Stage[] }).stages;
      return json({ stages });
    },
  };
}

describe('the workflow editors keep their place (issue 49)', { timeout: 30_000 }, () => {
  test('a criterion shows its label and range, never an id; a new one is sent without an id', async () => {
    setLoggedInCookie();
    const { callsTo } = stubFetch({ ...consoleServer(ADMIN).handlers, ...workflowServer() });
    const { user } = renderApp('/staff/workflow');

    const first = await screen.findByRole('group', { name: 'Criterion 1' });
    expect(
      within(first)
        .getAllByRole('textbox')
        .map((i) => i.id),
    ).toEqual([expect.stringMatching(/-label$/)]);
    expect(screen.queryByLabelText(/^Id/)).toBeNull();
    expect(screen.queryByDisplayValue('academics')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add criterion' }));
    const added = within(await screen.findByRole('group', { name: 'Criterion 3' })).getByLabelText('Label');
    await waitFor(() => expect(added).toHaveFocus());
    await user.type(added, 'Interview');
    await user.click(screen.getByRole('button', { name: 'Save rubrics' }));
    expect(await screen.findByText('The rubrics were saved.')).toBeInTheDocument();
    const body = callsTo('PUT /api/staff/rubrics')[0]!.body as RubricsInput;
    expect(body.default!.criteria).toEqual([
      { id: 'academics', label: 'Academic record', min: 1, max: 5 },
      { id: 'fit', label: 'Fit with the program', min: 1, max: 5 },
      { label: 'Interview', min: 1, max: 5 },
    ]);
    // Saved again, the new criterion goes with the id the server gave it: it is made once.
    await user.clear(within(screen.getByRole('group', { name: 'Criterion 3' })).getByLabelText('Label'));
    await user.type(
      within(screen.getByRole('group', { name: 'Criterion 3' })).getByLabelText('Label'),
      'Interview score',
    );
    await user.click(screen.getByRole('button', { name: 'Save rubrics' }));
    await waitFor(() => expect(callsTo('PUT /api/staff/rubrics')).toHaveLength(2));
    expect((callsTo('PUT /api/staff/rubrics')[1]!.body as RubricsInput).default!.criteria[2]).toEqual({
      id: 'c-made-1',
      label: 'Interview score',
      min: 1,
      max: 5,
    });
  });

  test('saving stays on the rubric being edited; the confirmation takes focus and stays until the next change', async () => {
    setLoggedInCookie();
    stubFetch({ ...consoleServer(ADMIN).handlers, ...workflowServer() });
    const { user } = renderApp('/staff/workflow');

    await user.selectOptions(await screen.findByLabelText('Rubric of'), 'MAE');
    await user.click(screen.getByRole('button', { name: 'Give it its own rubric' }));
    const label = within(screen.getByRole('group', { name: 'Criterion 1' })).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Academic preparation');
    await user.click(screen.getByRole('button', { name: 'Save rubrics' }));
    const said = await screen.findByText('The rubrics were saved.');
    expect(said).toHaveAttribute('role', 'status');
    await waitFor(() => expect(said).toHaveFocus());
    // Still MA in Education's rubric, as saved, after the server's copy is read again.
    await waitFor(() => expect(screen.getByLabelText('Rubric of')).toHaveValue('MAE'));
    expect(screen.getByRole('option', { name: 'MA in Education (its own rubric)' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Criterion 1' })).getByLabelText('Label')).toHaveValue(
      'Academic preparation',
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('The rubrics were saved.')).toBeInTheDocument();
    // The next change takes the confirmation away.
    await user.type(within(screen.getByRole('group', { name: 'Criterion 1' })).getByLabelText('Label'), '!');
    expect(screen.queryByText('The rubrics were saved.')).toBeNull();
  });

  test('the stage editor keeps its stages and its confirmation after saving, focused, until the next change', async () => {
    setLoggedInCookie();
    stubFetch({ ...consoleServer(ADMIN).handlers, ...workflowServer() });
    const { user } = renderApp('/staff/workflow');

    await user.type(await screen.findByLabelText('New stage'), 'Ready for decision{Enter}');
    await user.click(screen.getByRole('button', { name: 'Save stages' }));
    const said = await screen.findByText('The stages were saved.');
    await waitFor(() => expect(said).toHaveFocus());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByText('The stages were saved.')).toBeInTheDocument();
    expect(screen.getByLabelText('Name of stage 4')).toHaveValue('Ready for decision');
    await user.type(screen.getByLabelText('Name of stage 1'), '!');
    expect(screen.queryByText('The stages were saved.')).toBeNull();
  });

  test('a review shows criterion labels, never an id, and names a score under a removed criterion', async () => {
    setLoggedInCookie();
    const reviews = reviewsOf({
      others_hidden: false,
      others: [
        {
          reviewer: 'rita@college.test',
          scores: { academics: 4, fit: 3, 'c-3f9a1b2c4d5e': 2 },
          comment: '',
          overall: 3,
          status: 'submitted',
          updated_at: '2026-11-03T16:00:00.000Z',
          submitted_at: '2026-11-03T16:00:00.000Z',
        },
      ],
    });
    stubFetch({
      ...consoleServer(ADMIN).handlers,
      [`GET /api/staff/applications/${ADA}/reviews`]: () => json(reviews),
    });
    renderApp(`/staff/applications/${ADA}/review`);

    const others = await screen.findByRole('region', { name: 'Other reviews' });
    const items = within(others)
      .getAllByRole('listitem')
      .filter((li) => li.closest('ul') !== others.querySelector('ul'));
    expect(items.map((li) => li.textContent)).toEqual([
      'Academic record: 4',
      'Fit with the program: 3',
      'Removed criterion: 2',
    ]);
    expect(others.textContent).not.toContain('c-3f9a1b2c4d5e');
    expect(others.textContent).not.toContain('academics');
  });
});
