import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch, type SeenRequest } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { consoleServer, me } from '../../staff/tests/console-server';
import { equality, filtersOf, reportHandlers } from './report-fixtures';

const DIRECTOR = me('director@college.test', ['decider']);
const READER = me('reader@college.test', ['reader']);
const REVIEWER = me('rita@college.test', ['reviewer']);

function open(path: string, who = DIRECTOR, handlers: Record<string, (r: SeenRequest) => Response> = {}) {
  setLoggedInCookie();
  const net = stubFetch({ ...consoleServer(who).handlers, ...reportHandlers(), ...handlers });
  return { ...net, ...renderApp(path) };
}

const summary = () => screen.getByTestId('report-summary');
const table = (caption: string) => screen.getByRole('table', { name: caption });
const rowTexts = (t: HTMLElement) =>
  within(t)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent).join(' | '));

describe('the reports (issue 47)', { timeout: 30_000 }, () => {
  test('the funnel: its steps, counts and shares in words and in a table; the CSV link', async () => {
    const { callsTo } = open('/staff/reports');

    expect(await screen.findByRole('heading', { level: 2, name: 'Funnel' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(document.title).toBe('Funnel - Reports - Application for Admission');
    expect(summary()).toHaveTextContent(
      'Started 400; Submitted 312, 78% of started; Complete 250, 80% of submitted; In review 200, 80% of complete;',
    );
    expect(summary()).toHaveTextContent('Withdrawn 6, 6% of declined.');
    expect(rowTexts(table('Applications at each step')).slice(0, 3)).toEqual([
      'Step | Applications | Share of the step before',
      'Started | 400 | –',
      'Submitted | 312 | 78%',
    ]);
    expect(rowTexts(table('Decided, by decision'))).toContain('Admitted | 80');
    expect(screen.getByRole('link', { name: 'Download CSV of funnel' })).toHaveAttribute(
      'href',
      '/api/staff/reports/funnel?format=csv',
    );
    // The console's navigation marks Reports, the reports' own marks the funnel.
    const consoleNav = screen.getByRole('navigation', { name: 'Admissions office' });
    expect(within(consoleNav).getByRole('link', { name: 'Reports' })).toHaveAttribute('aria-current', 'page');
    const reportsNav = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(reportsNav).getByRole('link', { name: 'Funnel' })).toHaveAttribute('aria-current', 'page');
    expect(callsTo('GET /api/staff/reports/funnel').map((r) => r.path)).toEqual(['/api/staff/reports/funnel']);
  });

  test.each([
    [
      'pace',
      'This cycle against the last',
      '312 submitted by day 2 of 2026–27, 14% more than last year at this date (274 in 2025–26). Day 0 is the day the cycle opened (2026-09-01; 2025–26: 2025-09-01).',
      'Submitted by day of the cycle, cumulative',
      '2 | 2026-09-03 | 312 | 274',
    ],
    [
      'timing',
      'Time to decision',
      'From complete to a released decision: MA in Education, median 21 days, 90th percentile 40 (100 applications); MA in Applied Psychology, no decision released yet.',
      'Days between steps, by program',
      'MA in Education | Complete to released decision | 100 | 21 | 40',
    ],
    [
      'yield',
      'Yield of offers',
      'Of 100 offers, 45 accepted (45%), 23 declined, 2 withdrawn, 24 without an answer yet, 6 lapsed.',
      'Offers and their answers, by program and term',
      'MA in Education | Fall 2027 | 80 | 40 | 18 | 2 | 16 | 4 | 50%',
    ],
    [
      'reviewers',
      'Reviewers',
      '2 reviewers submitted 230 of 260 assigned reviews (88%); their mean differences from the other reviewers on the same applications run from −0.6 to +0.4 points.',
      'Reviews by reviewer',
      'sam@college.test | 140 | 120 | 86% | 5.5 | 3.1 | 1.1 | −0.6',
    ],
    [
      'equality',
      'Equality',
      '312 applied, 100 offered a place, 45 accepted. Counts of fewer than 5 are not shown, nor any count from which one could be worked out: each reads "fewer than 5, or withheld". The totals are exact.',
      'Applied, offered and accepted, by answer',
      'Female | 180 | 58% | 60 | 60% | 27 | 60%',
    ],
  ])('/staff/reports/%s: "%s", its summary and its table', async (kind, title, words, caption, row) => {
    open(`/staff/reports/${kind}`);

    expect(await screen.findByRole('heading', { level: 2, name: title })).toBeInTheDocument();
    expect(summary()).toHaveTextContent(words);
    expect(rowTexts(table(caption))).toContain(row);
    expect(screen.getByRole('link', { name: `Download CSV of ${title.toLowerCase()}` })).toHaveAttribute(
      'href',
      `/api/staff/reports/${kind}?format=csv`,
    );
  });

  test('reviewers: each by name, the address only for a reviewer without one (issue 49)', async () => {
    open('/staff/reports/reviewers');

    const rows = rowTexts(await screen.findByRole('table', { name: 'Reviews by reviewer' }));
    expect(rows).toContain('Rita Reyes | 120 | 110 | 92% | 3 | 3.8 | 0.7 | +0.4');
    expect(rows.join('\n')).not.toContain('rita@college.test');
    expect(rows).toContain('sam@college.test | 140 | 120 | 86% | 5.5 | 3.1 | 1.1 | −0.6');
  });

  test('equality: a suppressed cell reads "fewer than 5, or withheld", its share is not shown, the totals stay exact', async () => {
    open('/staff/reports/equality');

    const t = await screen.findByRole('table', { name: 'Applied, offered and accepted, by answer' });
    const rows = rowTexts(t);
    expect(rows).toContain(
      'Non-binary | 8 | 3% | fewer than 5, or withheld | not shown | fewer than 5, or withheld | not shown',
    );
    expect(rows).toContain(
      'Not answered | fewer than 5, or withheld | not shown | fewer than 5, or withheld | not shown | 0 | 0%',
    );
    expect(rows).toContain(
      'Prefer not to say | 12 | 4% | fewer than 5, or withheld | not shown | fewer than 5, or withheld | not shown',
    );
    expect(rows).toContain('Total | 312 | 100% | 100 | 100% | 45 | 100%');
    // Each question heads its own group of rows.
    expect(within(t).getByRole('rowheader', { name: 'Citizenship' })).toHaveAttribute('scope', 'rowgroup');
  });

  test('equality: no program select, a note instead; the reports lead to it without the program', async () => {
    const { callsTo, user } = open('/staff/reports/funnel?program=MAPP');
    await screen.findByRole('heading', { level: 2, name: 'Funnel' });
    const reportsNav = screen.getByRole('navigation', { name: 'Reports' });
    expect(within(reportsNav).getByRole('link', { name: 'Pace' })).toHaveAttribute(
      'href',
      '/staff/reports/pace?program=MAPP',
    );
    expect(within(reportsNav).getByRole('link', { name: 'Equality' })).toHaveAttribute(
      'href',
      '/staff/reports/equality',
    );
    await user.click(within(reportsNav).getByRole('link', { name: 'Equality' }));

    expect(await screen.findByRole('heading', { level: 2, name: 'Equality' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cycle')).toBeInTheDocument();
    expect(screen.queryByLabelText('Program')).not.toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Filter the report' })).toHaveTextContent(
      'The equality report covers every program you may see.',
    );
    expect(callsTo('GET /api/staff/reports/equality').map((r) => r.path)).toEqual(['/api/staff/reports/equality']);
  });

  test('equality: a refusal is the message of the report, under the filters; the cycle select keeps focus', async () => {
    const tooSmall =
      "Fewer than 5 submitted applications in this choice: the equality report is not shown for so few, so no one's answers can be told.";
    const { user, router } = open('/staff/reports/equality', DIRECTOR, {
      'GET /api/staff/reports/equality': (r) => {
        const query = new URL(r.path, 'http://localhost').searchParams;
        return query.get('cycle') === '2025-26'
          ? json({ code: 'REPORT_SCOPE_TOO_SMALL', message: tooSmall }, 409)
          : json(equality(filtersOf(query)));
      },
    });
    // The whole cycle first, drawn.
    await screen.findByRole('table', { name: 'Applied, offered and accepted, by answer' });

    await user.selectOptions(screen.getByLabelText('Cycle'), '2025-26');
    await waitFor(() => expect(router.state.location.search).toBe('?cycle=2025-26'));
    expect(await screen.findByText(tooSmall, { exact: false })).toHaveTextContent('(code REPORT_SCOPE_TOO_SMALL)');
    expect(screen.queryByRole('table', { name: 'Applied, offered and accepted, by answer' })).not.toBeInTheDocument();
    // The filters stay above the message, the select just changed still has the keyboard's focus.
    expect(screen.getByLabelText('Cycle')).toHaveFocus();
    expect(screen.getByLabelText('Cycle')).toHaveValue('2025-26');
    expect(
      screen.getByRole('link', { name: 'Show this report for the open cycle and all programs' }),
    ).toBeInTheDocument();

    // Back to the open cycle: drawn again.
    await user.selectOptions(screen.getByLabelText('Cycle'), '2026-27');
    expect(await screen.findByRole('table', { name: 'Applied, offered and accepted, by answer' })).toBeInTheDocument();
    expect(screen.getByLabelText('Cycle')).toHaveFocus();
  });

  test('equality: an address naming a program shows the refusal of the server', async () => {
    const notByProgram =
      'The equality report covers every program you may see: by program, its small counts could be worked out by subtraction.';
    const { user } = open('/staff/reports/equality?program=MAE', DIRECTOR, {
      'GET /api/staff/reports/equality': (r) =>
        r.path.includes('program=')
          ? json({ code: 'REPORT_PROGRAM_NOT_ALLOWED', message: notByProgram }, 400)
          : json(equality(filtersOf(new URL(r.path, 'http://localhost').searchParams))),
    });
    expect(await screen.findByText(notByProgram, { exact: false })).toHaveTextContent(
      '(code REPORT_PROGRAM_NOT_ALLOWED)',
    );
    await user.click(screen.getByRole('link', { name: 'Show this report for the open cycle and all programs' }));
    expect(await screen.findByRole('table', { name: 'Applied, offered and accepted, by answer' })).toBeInTheDocument();
  });

  test('choosing a cycle and a program puts them in the address and fetches the report again', async () => {
    const { callsTo, user, router } = open('/staff/reports/funnel');

    const cycle = await screen.findByLabelText('Cycle');
    expect(cycle).toHaveValue('2026-27');
    await user.selectOptions(cycle, '2025-26');
    await waitFor(() => expect(router.state.location.search).toBe('?cycle=2025-26'));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/reports/funnel').map((r) => r.path)).toContain(
        '/api/staff/reports/funnel?cycle=2025-26',
      ),
    );
    // The select keeps the keyboard's focus while the report changes under it.
    expect(screen.getByLabelText('Cycle')).toHaveFocus();

    const program = screen.getByLabelText('Program');
    expect(
      within(program)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All programs', 'MA in Education', 'MA in Applied Psychology']);
    await user.selectOptions(program, 'MAPP');
    await waitFor(() => expect(router.state.location.search).toBe('?cycle=2025-26&program=MAPP'));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/reports/funnel').map((r) => r.path)).toContain(
        '/api/staff/reports/funnel?cycle=2025-26&program=MAPP',
      ),
    );
    // One program chosen, the others are still offered.
    expect(within(screen.getByLabelText('Program')).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByLabelText('Program')).toHaveValue('MAPP');
    expect(screen.getByRole('link', { name: 'Download CSV of funnel' })).toHaveAttribute(
      'href',
      '/api/staff/reports/funnel?cycle=2025-26&program=MAPP&format=csv',
    );

    // Another report keeps the filters.
    await user.click(screen.getByRole('link', { name: 'Pace' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'This cycle against the last' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/staff/reports/pace');
    expect(callsTo('GET /api/staff/reports/pace').map((r) => r.path)).toContain(
      '/api/staff/reports/pace?cycle=2025-26&program=MAPP',
    );

    // Back to every program: the parameter leaves the address.
    await user.selectOptions(screen.getByLabelText('Program'), '');
    await waitFor(() => expect(router.state.location.search).toBe('?cycle=2025-26'));
  });

  test('the console links to Reports only for members with the reports right', async () => {
    open('/staff', REVIEWER);
    const nav = await screen.findByRole('navigation', { name: 'Admissions office' });
    expect(within(nav).getByRole('link', { name: 'Applications' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Reports' })).not.toBeInTheDocument();
  });

  test('a member without the reports right who opens the page is told so, and no report is asked for', async () => {
    const { callsTo } = open('/staff/reports', REVIEWER);
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' })).toBeInTheDocument();
    expect(callsTo('GET /api/staff/reports/funnel')).toEqual([]);
  });

  test('a reader (no decide) is not offered the reviewers report, and is refused it by its address', async () => {
    const { callsTo } = open('/staff/reports', READER);
    const reportsNav = await screen.findByRole('navigation', { name: 'Reports' });
    expect(
      within(reportsNav)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Funnel', 'Pace', 'Timing', 'Yield', 'Equality']);
    expect(
      within(screen.getByRole('navigation', { name: 'Admissions office' })).getByRole('link', { name: 'Reports' }),
    ).toBeInTheDocument();

    const second = renderApp('/staff/reports/reviewers');
    expect(await second.findByText('This report is for members who decide on applications.')).toBeInTheDocument();
    expect(callsTo('GET /api/staff/reports/reviewers')).toEqual([]);
  });

  test('the keyboard goes through the reports, the filters, the CSV link, then the table', async () => {
    const { user } = open('/staff/reports/yield');
    await screen.findByRole('heading', { level: 2, name: 'Yield of offers' });

    const reportsNav = screen.getByRole('navigation', { name: 'Reports' });
    within(reportsNav).getByRole('link', { name: 'Funnel' }).focus();
    const order: string[] = [];
    for (let i = 0; i < 9; i++) {
      await user.tab();
      const el = document.activeElement as HTMLElement;
      order.push(labelOf(el));
    }
    expect(order).toEqual([
      'Pace',
      'Timing',
      'Yield',
      'Reviewers',
      'Equality',
      'Cycle',
      'Program',
      'Download CSV of yield of offers',
      'Offers and their answers, by program and term',
    ]);
  });

  test('where there is no canvas (jsdom) the chart stays empty and the report still shows', async () => {
    open('/staff/reports/pace');
    await screen.findByRole('heading', { level: 2, name: 'This cycle against the last' });
    const canvas = screen.getByTestId('chart-canvas');
    expect(canvas).toBeEmptyDOMElement();
    expect(canvas.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.getByRole('table', { name: 'Submitted by day of the cycle, cumulative' })).toBeInTheDocument();
  });
});

/** An element's accessible name as a test reads it: its label, or what its aria-labelledby points at. */
function labelOf(el: HTMLElement): string {
  const by = el.getAttribute('aria-labelledby');
  if (by) return document.getElementById(by)?.textContent ?? '';
  if (el.id) {
    const label = document.querySelector(`label[for="${el.id}"]`);
    if (label) return label.textContent ?? '';
  }
  return el.getAttribute('aria-label') ?? el.textContent ?? '';
}
