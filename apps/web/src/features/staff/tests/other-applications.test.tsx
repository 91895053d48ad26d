import type { StaffApplicationDetail, StaffOtherApplication } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, detail, me, row, ROWS } from './console-server';

/** Ada's second application of the cycle (issue 42): the BA in Music, submitted. */
const SECOND = '33333333-3333-4333-8333-333333333333';
const CYCLE = { cycle_id: '2026-27', cycle_label: 'Admissions 2026–27' };

const linked = (user_id: string, program: string, program_label: string): StaffOtherApplication => ({
  user_id,
  program,
  program_label,
  ...CYCLE,
  state: 'submitted',
  link: true,
});
/** An application to a program the member may not see: the server tells only that it exists. */
const UNSEEN: StaffOtherApplication = {
  user_id: null,
  program: null,
  program_label: null,
  cycle_id: null,
  cycle_label: null,
  state: null,
  link: false,
};

/** Ada's application and her second one, each naming the other, and a third the member may not see. */
function openAda() {
  setLoggedInCookie();
  const ada: StaffApplicationDetail = {
    ...detail({ ...ROWS[0]!, applications_by_person: 2 }),
    other_applications: [linked(SECOND, 'BMN', 'BA in Music'), UNSEEN],
  };
  const second: StaffApplicationDetail = {
    ...detail(
      row(SECOND, 'Lovelace', 'Ada', { program: 'BMN', program_label: 'BA in Music', applications_by_person: 2 }),
    ),
    other_applications: [{ ...linked(ADA, 'MAE', 'MA in Education'), state: 'accepted' }, UNSEEN],
  };
  const net = stubFetch({
    ...consoleServer(me('rita@college.test', ['reader'])).handlers,
    [`GET /api/staff/applications/${ADA}`]: () => json(ada),
    [`GET /api/staff/applications/${SECOND}`]: () => json(second),
    [`GET /api/staff/applications/${SECOND}/decisions`]: () =>
      json({ state: null, current: null, letter_html: null, withdrawn: null, history: [] }),
  });
  return { net, ...renderApp(`/staff/applications/${ADA}`) };
}

const othersSection = () => screen.findByRole('region', { name: 'Other applications by this person' });

describe("the person's other applications on an application's page (issue 42)", { timeout: 30_000 }, () => {
  test("each with its program, cycle and state, linked to its own page; one outside the member's programs only said to exist", async () => {
    const { user, router } = openAda();

    const section = await othersSection();
    const items = within(section).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'BA in Music, Admissions 2026–27: Submitted',
      'An application to a program outside yours',
    ]);
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.getByText('Applications in this cycle').nextElementSibling).toHaveTextContent('2');

    await user.click(within(section).getByRole('link', { name: 'BA in Music' }));
    expect(router.state.location.pathname).toBe(`/staff/applications/${SECOND}`);
    const back = within(await othersSection()).getAllByRole('listitem');
    expect(await within(back[0]!).findByRole('link', { name: 'MA in Education' })).toHaveAttribute(
      'href',
      `/staff/applications/${ADA}`,
    );
    expect(back[0]).toHaveTextContent('MA in Education, Admissions 2026–27: Offer accepted');
  });

  test('a person with one application: the page says so', async () => {
    setLoggedInCookie();
    stubFetch(consoleServer(me('dean@college.test', ['admin'])).handlers);
    renderApp(`/staff/applications/${ADA}`);

    expect(await othersSection()).toHaveTextContent('This person has no other application.');
  });
});

describe('the list', { timeout: 30_000 }, () => {
  test("shows how many applications each row's person holds in its cycle", async () => {
    setLoggedInCookie();
    stubFetch({
      ...consoleServer(me('dean@college.test', ['admin'])).handlers,
      'GET /api/staff/applications': () =>
        json({
          rows: [{ ...ROWS[0]!, applications_by_person: 3 }, ROWS[1]],
          page: 1,
          page_size: 50,
          total: 2,
          total_capped: false,
        }),
    });
    renderApp('/staff');

    const ada = await screen.findByRole('row', { name: /Lovelace, Ada/ });
    expect(screen.getByRole('columnheader', { name: 'Applications by person' })).toBeInTheDocument();
    expect(within(ada).getByRole('cell', { name: '3' })).toHaveAttribute('data-label', 'Applications by person');
    const alan = screen.getByRole('row', { name: /Turing, Alan/ });
    expect(within(alan).getByRole('cell', { name: '1' })).toHaveAttribute('data-label', 'Applications by person');
  });
});
