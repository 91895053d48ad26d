import type {
  PublicTenantConfig,
  StaffApplicationPaymentsResponse,
  StaffMeResponse,
  StaffPaymentRow,
  StaffPaymentsResponse,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, consoleServer, me, row, ROWS } from '../../staff/tests/console-server';

/** 9:00 am in Chicago, the tenant's zone (test/fixtures.ts). */
const AT = '2026-11-02T15:00:00.000Z';

const TENANT: PublicTenantConfig = {
  ...tenantFixture,
  fees: {
    currency: 'USD',
    application: { amount: 7500 },
    waiver_criteria: [{ id: 'mcnair', label: 'McNair Scholar' }],
    payment_grace_hours: 72,
  },
};

const PAID: StaffPaymentRow = {
  id: 'pay-1',
  purpose: 'application_fee',
  amount: 7500,
  currency: 'USD',
  state: 'paid',
  method: 'stripe',
  reference: 'pi_3Abc',
  paid_at: AT,
  refunded_amount: 0,
  application_id: ADA,
  applicant_name: 'Ada Lovelace',
  applicant_email: 'ada@example.edu',
  program: 'MAE',
  expected_amount: 7500,
  created_at: AT,
  recorded_by: null,
  received_on: null,
  refunds: [],
};

const panelOf = (over: Partial<StaffApplicationPaymentsResponse> = {}): StaffApplicationPaymentsResponse => ({
  fees: [
    { purpose: 'application_fee', amount: 7500, currency: 'USD', state: 'due', due_at: '2026-11-05T15:00:00.000Z' },
  ],
  payments: [],
  waiver_request: null,
  online: false,
  ...over,
});

type Handlers = Parameters<typeof stubFetch>[0];

function openConsole(who: StaffMeResponse, path: string, extra: Handlers = {}) {
  setLoggedInCookie();
  const net = stubFetch({ ...consoleServer(who).handlers, 'GET /public/tenant': () => json(TENANT), ...extra });
  return { ...net, ...renderApp(path) };
}

const panelPath = `/api/staff/applications/${ADA}/payments`;
/** The panel once its payments have arrived. */
async function panel() {
  const section = await screen.findByRole('region', { name: 'Fees and payments' }, { timeout: 10_000 });
  await within(section).findByRole('heading', { level: 3, name: 'Fees' });
  return section;
}

describe('the payments panel on an application', { timeout: 30_000 }, () => {
  test('only a member with the payments right sees it and the Payments page in the navigation', async () => {
    const { callsTo } = openConsole(me('rex@college.test', ['reader']), `/staff/applications/${ADA}`, {
      [`GET ${panelPath}`]: () => json(panelOf()),
    });
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' }, { timeout: 15_000 });
    const nav = screen.getByRole('navigation', { name: 'Admissions office' });
    expect(within(nav).queryByRole('link', { name: 'Payments' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Fees and payments' })).toBeNull();
    expect(callsTo(`GET ${panelPath}`)).toHaveLength(0);
  });

  test('a bursar records a check: dollars sent as cents, the result focused', async () => {
    let current = panelOf();
    const { user, callsTo } = openConsole(me('bea@college.test', ['bursar']), `/staff/applications/${ADA}`, {
      [`GET ${panelPath}`]: () => json(current),
      [`POST ${panelPath}`]: ({ body }) => {
        const b = body as { amount: number; reference: string; received_on: string };
        current = panelOf({
          fees: [{ ...current.fees[0]!, state: 'paid', settled_at: AT }],
          payments: [
            { ...PAID, method: 'check', reference: b.reference, amount: b.amount, received_on: b.received_on },
          ],
        });
        return json(current, 201);
      },
    });
    const section = await panel();
    expect(
      within(screen.getByRole('navigation', { name: 'Admissions office' })).getByRole('link', { name: 'Payments' }),
    ).toHaveAttribute('href', '/staff/payments');
    expect(section).toHaveTextContent(
      'Application fee: $75.00, due (due by 9:00 am Central Time on Thursday, 5 November 2026)',
    );
    expect(section).toHaveTextContent('Online payment is not set up');
    await user.click(within(section).getByRole('button', { name: 'Record a payment' }));
    const form = within(section).getByRole('form', { name: 'Record a payment' });
    const amount = within(form).getByLabelText('Amount (dollars)');
    expect(amount).toHaveValue('75.00');
    await user.clear(amount);
    await user.type(amount, '75.5');
    await user.click(within(form).getByRole('radio', { name: 'Cash' }));
    await user.type(within(form).getByLabelText('Reference'), 'R-1042');
    const date = within(form).getByLabelText('Received on');
    await user.clear(date);
    await user.type(date, '2026-11-02');
    await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
    const done = await within(section).findByText('A cash payment of $75.50 for the application fee was recorded.');
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(callsTo(`POST ${panelPath}`).map((r) => r.body)).toEqual([
      { amount: 7550, method: 'cash', reference: 'R-1042', received_on: '2026-11-02', purpose: 'application_fee' },
    ]);
    expect(section).toHaveTextContent(
      'Application fee: $75.00, paid on 9:00 am Central Time on Monday, 2 November 2026',
    );
  });

  test('an amount that is no amount is said, and nothing is sent', async () => {
    const { user, callsTo } = openConsole(me('bea@college.test', ['bursar']), `/staff/applications/${ADA}`, {
      [`GET ${panelPath}`]: () => json(panelOf()),
    });
    const section = await panel();
    await user.click(within(section).getByRole('button', { name: 'Record a payment' }));
    const form = within(section).getByRole('form', { name: 'Record a payment' });
    await user.clear(within(form).getByLabelText('Amount (dollars)'));
    await user.type(within(form).getByLabelText('Amount (dollars)'), 'seventy');
    await user.click(within(form).getByRole('button', { name: 'Record the payment' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('Please enter an amount in dollars and cents, such as 75.00.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(callsTo(`POST ${panelPath}`)).toHaveLength(0);
  });

  test('a refund too large is refused with its message and code, where the focus goes', async () => {
    const { user, callsTo } = openConsole(me('dean@college.test', ['admin']), `/staff/applications/${ADA}`, {
      [`GET ${panelPath}`]: () =>
        json(
          panelOf({ online: true, fees: [{ ...panelOf().fees[0]!, state: 'paid', settled_at: AT }], payments: [PAID] }),
        ),
      'POST /api/staff/payments/pay-1/refunds': () =>
        json({ code: 'REFUND_TOO_LARGE', message: 'A refund cannot be more than what is left of the payment.' }, 409),
    });
    const section = await panel();
    const table = within(section).getByRole('table', { name: 'Payments of this application' });
    expect(table).toHaveTextContent('Card (online): pi_3Abc');
    await user.click(within(table).getByRole('button', { name: 'Refund the $75.00 card (online) payment pi_3Abc' }));
    const form = within(section).getByRole('form', { name: 'Refund the $75.00 card (online) payment pi_3Abc' });
    expect(within(form).getByLabelText('Amount to refund (dollars)')).toHaveAccessibleDescription(
      'At most $75.00, what is left of the payment.',
    );
    await user.clear(within(form).getByLabelText('Amount to refund (dollars)'));
    await user.type(within(form).getByLabelText('Amount to refund (dollars)'), '80');
    await user.type(within(form).getByLabelText('Reason (the applicant is told by e-mail)'), 'Charged twice.');
    await user.click(within(form).getByRole('button', { name: 'Send the refund' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent(
      'A refund cannot be more than what is left of the payment. (code REFUND_TOO_LARGE)',
    );
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(callsTo('POST /api/staff/payments/pay-1/refunds').map((r) => r.body)).toEqual([
      { amount: 8000, reason: 'Charged twice.' },
    ]);
  });

  test('a pending waiver request approved with a note, by keyboard', async () => {
    let current = panelOf({
      fees: [{ ...panelOf().fees[0]!, state: 'waiver_pending' }],
      waiver_request: {
        criterion: 'mcnair',
        criterion_label: 'McNair Scholar',
        statement: 'I am a McNair Scholar.',
        state: 'pending',
        requested_at: AT,
        decided_at: null,
        note: '',
      },
    });
    const { user, callsTo } = openConsole(me('bea@college.test', ['bursar']), `/staff/applications/${ADA}`, {
      [`GET ${panelPath}`]: () => json(current),
      [`PUT /api/staff/applications/${ADA}/fee-waiver`]: ({ body }) => {
        const { note } = body as { note?: string };
        current = {
          ...current,
          fees: [{ ...current.fees[0]!, state: 'waived', settled_at: '2026-11-03T15:00:00.000Z' }],
          waiver_request: {
            ...current.waiver_request!,
            state: 'approved',
            decided_at: '2026-11-03T15:00:00.000Z',
            note: note ?? '',
          },
        };
        return json(current);
      },
    });
    const section = await panel();
    expect(section).toHaveTextContent('ReasonMcNair Scholar');
    expect(section).toHaveTextContent('The applicant wroteI am a McNair Scholar.');
    const note = within(section).getByLabelText('Note to the applicant (optional)');
    await user.click(note);
    await user.keyboard('Proof received.');
    await user.tab();
    expect(within(section).getByRole('button', { name: 'Approve the waiver' })).toHaveFocus();
    await user.keyboard('{Enter}');
    const done = await within(section).findByText(/The fee waiver was approved/);
    await waitFor(() => expect(done.closest('[tabindex="-1"]')).toHaveFocus());
    expect(callsTo(`PUT /api/staff/applications/${ADA}/fee-waiver`).map((r) => r.body)).toEqual([
      { decision: 'approve', note: 'Proof received.' },
    ]);
    expect(section).toHaveTextContent(
      'DecisionApproved, 9:00 am Central Time on Tuesday, 3 November 2026: Proof received.',
    );
    expect(within(section).queryByRole('button', { name: 'Approve the waiver' })).toBeNull();
  });
});

const LIST: StaffPaymentsResponse = {
  payments: [PAID, { ...PAID, id: 'pay-2', state: 'partially_refunded', refunded_amount: 2500, reference: 'pi_9Xyz' }],
  totals: [{ day: '2026-11-02', paid: 15000, refunded: 2500, net: 12500, count: 2 }],
  currency: 'USD',
  time_zone: 'America/Chicago',
};

describe('the payments page, /staff/payments', { timeout: 30_000 }, () => {
  test('the payments with their applicant, time in the zone, totals per day, filters and the CSV', async () => {
    const { user, callsTo } = openConsole(me('bea@college.test', ['bursar']), '/staff/payments', {
      'GET /api/staff/payments': () => json(LIST),
    });
    await screen.findByRole('heading', { level: 1, name: 'Payments' }, { timeout: 15_000 });
    const table = await screen.findByRole('table', { name: 'Payments, newest first' });
    expect(within(table).getByRole('columnheader', { name: /Time \(CT\)/ })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Nov 2, 9:00 am');
    expect(rows[1]).toHaveTextContent('Application fee');
    expect(rows[1]).toHaveTextContent('$75.00');
    expect(rows[1]).toHaveTextContent('Paid');
    expect(rows[1]).toHaveTextContent('pi_3Abc');
    expect(within(rows[1]!).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/staff/applications/${ADA}`,
    );
    expect(rows[2]).toHaveTextContent('Partially refunded');
    expect(rows[2]).toHaveTextContent('$25.00');
    const totals = screen.getByRole('table', { name: /Totals per day/ });
    expect(
      within(totals).getByRole('row', { name: 'Monday, 2 November 2026 2 $150.00 $25.00 $125.00' }),
    ).toBeInTheDocument();

    await user.type(screen.getByLabelText('From (date)'), '2026-11-01');
    await user.type(screen.getByLabelText('To (date)'), '2026-11-30');
    await user.selectOptions(screen.getByLabelText('State'), 'Paid');
    await user.click(screen.getByRole('button', { name: 'Show payments' }));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/payments').at(-1)?.path).toBe(
        '/api/staff/payments?from=2026-11-01&to=2026-11-30&state=paid',
      ),
    );
    expect(screen.getByRole('link', { name: 'Download CSV' })).toHaveAttribute(
      'href',
      '/api/staff/payments?from=2026-11-01&to=2026-11-30&state=paid&format=csv',
    );
  });

  test('a member without the payments right is told so, and nothing is asked', async () => {
    const { callsTo } = openConsole(me('rex@college.test', ['reader']), '/staff/payments', {
      'GET /api/staff/payments': () => json(LIST),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Not allowed' }, { timeout: 15_000 })).toBeVisible();
    expect(callsTo('GET /api/staff/payments')).toHaveLength(0);
  });
});

describe('the office list: the Fee column and filter', { timeout: 30_000 }, () => {
  test('each row says its fee and deposit; the filter asks the server for them', async () => {
    const rows = [
      row(ADA, 'Lovelace', 'Ada', { fee: 'paid', deposit: 'overdue' }),
      { ...ROWS[1]!, fee: 'due' as const },
    ];
    const { user, callsTo } = openConsole(me('dean@college.test', ['admin']), '/staff', {
      'GET /api/staff/applications': () => json({ rows, page: 1, page_size: 50, total: 2, total_capped: false }),
    });
    const ada = await screen.findByRole('row', { name: /Lovelace, Ada/ }, { timeout: 15_000 });
    expect(screen.getByRole('columnheader', { name: 'Fee' })).toBeInTheDocument();
    expect(within(ada).getAllByRole('cell').at(-1)).toHaveTextContent('Paid · deposit overdue');
    expect(
      within(screen.getByRole('row', { name: /Turing, Alan/ }))
        .getAllByRole('cell')
        .at(-1),
    ).toHaveTextContent('Due');
    await user.selectOptions(screen.getByLabelText('Fee'), 'Deposit overdue');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(callsTo('GET /api/staff/applications').at(-1)?.path).toBe('/api/staff/applications?fee=deposit_overdue'),
    );
  });
});
