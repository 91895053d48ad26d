import type { FeeView, PaymentsResponse, PublicTenantConfig, StatusResponse } from '@admissions/domain';
import { STATUS_PATH } from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { applicantServer, completeAnswers } from '../../../test/application-server';
import { json, stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { provider } from '../components/leave-for-provider';

/** 9:00 am in Chicago, the tenant's zone (test/fixtures.ts). */
const AT = '2026-11-02T15:00:00.000Z';
const DUE = '2026-11-05T15:00:00.000Z';

const TENANT: PublicTenantConfig = {
  ...tenantFixture,
  fees: {
    currency: 'USD',
    application: { amount: 7500 },
    deposit: { amount: 25000, due_days: 14 },
    waiver_criteria: [
      { id: 'mcnair', label: 'McNair Scholar' },
      { id: 'veteran', label: 'U.S. military veteran' },
    ],
    payment_grace_hours: 72,
  },
};

const fee = (over: Partial<FeeView> = {}): FeeView => ({
  purpose: 'application_fee',
  amount: 7500,
  currency: 'USD',
  state: 'due',
  due_at: DUE,
  ...over,
});

const paymentsOf = (over: Partial<PaymentsResponse> = {}): PaymentsResponse => ({
  fees: [fee()],
  payments: [],
  waiver_request: null,
  online: true,
  ...over,
});

const status = (submitted: boolean): StatusResponse => ({
  submitted_at: submitted ? AT : null,
  withdrawn_at: null,
  complete: false,
  checklist: [],
  reminders: true,
  deadline: '11:59 pm Central Time on Friday, 15 January 2027',
  decision: null,
});

type Handlers = Parameters<typeof stubFetch>[0];

/** `confirmed`: what the provider's session read back makes of the fees (POST /api/payments/confirm). */
async function open(
  path: string,
  payments: PaymentsResponse,
  submitted: boolean,
  extra: Handlers = {},
  confirmed?: PaymentsResponse,
) {
  setLoggedInCookie();
  const applicant = applicantServer({
    answers: { ...completeAnswers(), applied_major: 'MAE' },
    submitted,
    webStatuses: submitted ? ['started', 'validating', 'submitted'] : ['started'],
  });
  let current = payments;
  const net = stubFetch({
    ...applicant.handlers,
    'GET /public/tenant': () => json(TENANT),
    [`GET ${STATUS_PATH}`]: () => json(status(submitted)),
    'GET /api/payments': () => json(current),
    'POST /api/payments/confirm': () => {
      if (confirmed) current = confirmed;
      return json(current);
    },
    'POST /api/payments/waiver-request': ({ body }) => {
      const { criterion, statement } = body as { criterion: string; statement: string };
      current = {
        ...current,
        fees: current.fees.map((f) => (f.purpose === 'application_fee' ? { ...f, state: 'waiver_pending' } : f)),
        waiver_request: {
          criterion,
          criterion_label: TENANT.fees!.waiver_criteria!.find((c) => c.id === criterion)!.label,
          statement,
          state: 'pending',
          requested_at: AT,
          decided_at: null,
          note: '',
        },
      };
      return json(current, 201);
    },
    ...extra,
  });
  const app = renderApp(path);
  await screen.findByRole('heading', { level: 1 }, { timeout: 15_000 });
  return { ...app, net };
}

let go: ReturnType<typeof vi.spyOn> | undefined;
/** Watches the page leave for the provider, which jsdom cannot do. */
function watchLeaving() {
  go = vi.spyOn(provider, 'go').mockImplementation(() => {});
  return go;
}

afterEach(() => {
  go?.mockRestore();
  go = undefined;
  sessionStorage.clear();
});

describe('the application fee on Final Steps', { timeout: 30_000 }, () => {
  test('shows the amount and what it is for, and asks for a waiver with a reason and a statement', async () => {
    const { user, net } = await open('/final-steps', paymentsOf({ fees: [fee({ due_at: undefined })] }), false);
    const section = await screen.findByRole('region', { name: 'Application fee' }, { timeout: 10_000 });
    expect(section).toHaveTextContent('Northfield College charges an application fee of $75.00.');
    expect(section).toHaveTextContent("It pays for the admissions office's review of your application.");
    // Online: no check or office instructions.
    expect(section).not.toHaveTextContent('by check');

    const toggle = within(section).getByRole('button', { name: 'Ask for a fee waiver' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = within(section).getByRole('form', { name: 'Ask for a fee waiver' });
    // Sent without a reason: said, and the message takes the focus; nothing is sent.
    await user.click(within(form).getByRole('button', { name: 'Send the waiver request' }));
    const missing = await within(form).findByRole('alert');
    expect(missing).toHaveTextContent('Please choose one of the listed reasons for a fee waiver.');
    await waitFor(() => expect(missing.parentElement).toHaveFocus());
    expect(net.callsTo('POST /api/payments/waiver-request')).toHaveLength(0);

    const reasons = within(form).getByRole('group', { name: 'Why do you ask for a fee waiver?' });
    await user.click(within(reasons).getByRole('radio', { name: 'McNair Scholar' }));
    await user.type(
      within(form).getByRole('textbox', { name: 'Tell the admissions office about your situation' }),
      'I am a McNair Scholar at my college.',
    );
    await user.click(within(form).getByRole('button', { name: 'Send the waiver request' }));
    const sent = await within(section).findByText(/Your fee waiver request was sent/);
    await waitFor(() => expect(sent.closest('[tabindex="-1"]')).toHaveFocus());
    expect(net.callsTo('POST /api/payments/waiver-request').map((r) => r.body)).toEqual([
      { criterion: 'mcnair', statement: 'I am a McNair Scholar at my college.' },
    ]);
    // The pending state, from the server's answer: nothing to pay while the office decides.
    expect(section).toHaveTextContent('Application fee: $75.00, waiver request being considered');
    expect(section).toHaveTextContent('You asked for a fee waiver (McNair Scholar)');
    expect(section).toHaveTextContent('there is nothing to pay until it decides');
    expect(within(section).queryByRole('button', { name: 'Ask for a fee waiver' })).toBeNull();
  });

  test('without an online provider, says how to pay by check or at the office', async () => {
    await open('/final-steps', paymentsOf({ fees: [fee({ due_at: undefined })], online: false }), false);
    const section = await screen.findByRole('region', { name: 'Application fee' }, { timeout: 10_000 });
    expect(section).toHaveTextContent('Online payment is not available.');
    expect(section).toHaveTextContent('By check, payable to Northfield College');
    expect(section).toHaveTextContent('100 College Way, Northfield, MN 55057');
    expect(within(section).getByRole('link', { name: 'help@northfield.example' })).toHaveAttribute(
      'href',
      'mailto:help@northfield.example',
    );
  });

  test('a tenant without fees shows nothing and asks nothing', async () => {
    setLoggedInCookie();
    const applicant = applicantServer({ answers: { ...completeAnswers(), applied_major: 'MAE' } });
    const net = stubFetch({ ...applicant.handlers, [`GET ${STATUS_PATH}`]: () => json(status(false)) });
    renderApp('/final-steps');
    await screen.findByRole('region', { name: 'Your checklist' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Application fee' })).toBeNull();
    expect(net.callsTo('GET /api/payments')).toHaveLength(0);
  });
});

describe('the fees on the status page', { timeout: 30_000 }, () => {
  const fees = () => screen.findByRole('region', { name: 'Fees and payments' }, { timeout: 10_000 });

  test('a fee paid and a deposit due: each with its state and time in the zone, a Pay button for the deposit', async () => {
    await open(
      '/completion',
      paymentsOf({
        fees: [
          fee({ state: 'paid', settled_at: AT, due_at: DUE }),
          fee({ purpose: 'deposit', amount: 25000, due_at: '2026-11-16T15:00:00.000Z' }),
        ],
      }),
      true,
    );
    const section = await fees();
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent(
      'Application fee: $75.00, paid on 9:00 am Central Time on Monday, 2 November 2026',
    );
    expect(items[1]).toHaveTextContent(
      'Enrollment deposit: $250.00, due by 9:00 am Central Time on Monday, 16 November 2026',
    );
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: 'Pay $250.00' })).toBeEnabled();
  });

  test.each([
    ['waived', 'Application fee: waived', false],
    ['waiver_pending', 'Application fee: $75.00, waiver request being considered', false],
    [
      'overdue',
      'Application fee: $75.00, overdue (it was due by 9:00 am Central Time on Thursday, 5 November 2026',
      true,
    ],
    ['due', 'Application fee: $75.00, due by 9:00 am Central Time on Thursday, 5 November 2026', true],
  ] as const)('a fee %s reads "%s"', async (state, text, payable) => {
    await open(
      '/completion',
      paymentsOf({ fees: [fee({ state, settled_at: state === 'waived' ? AT : undefined })] }),
      true,
    );
    const section = await fees();
    expect(section).toHaveTextContent(text);
    expect(within(section).queryByRole('button', { name: 'Pay $75.00' }) !== null).toBe(payable);
  });

  test('"Pay $75.00" asks for the provider\'s page and goes there', async () => {
    const go = watchLeaving();
    const { user, net } = await open('/completion', paymentsOf(), true, {
      'POST /api/payments/checkout': () => json({ url: 'https://checkout.stripe.test/c/pay/cs_test_1' }),
    });
    const section = await fees();
    const pay = within(section).getByRole('button', { name: 'Pay $75.00' });
    await user.click(pay);
    await waitFor(() => expect(go).toHaveBeenCalledWith('https://checkout.stripe.test/c/pay/cs_test_1'));
    expect(net.callsTo('POST /api/payments/checkout').map((r) => r.body)).toEqual([{ purpose: 'application_fee' }]);
    // Busy until the page is left: a second click makes no second session.
    expect(pay).toBeDisabled();
  });

  test('a refused checkout is said in the page, where the focus goes', async () => {
    const go = watchLeaving();
    const { user } = await open('/completion', paymentsOf(), true, {
      'POST /api/payments/checkout': () =>
        json(
          {
            code: 'PAYMENT_PROVIDER_UNAVAILABLE',
            message: 'The payment service did not answer. Please try again in a few minutes: nothing was charged.',
          },
          503,
        ),
    });
    const section = await fees();
    await user.click(within(section).getByRole('button', { name: 'Pay $75.00' }));
    const alert = await within(section).findByRole('alert');
    expect(alert).toHaveTextContent('The payment service did not answer.');
    await waitFor(() => expect(alert.parentElement).toHaveFocus());
    expect(go).not.toHaveBeenCalled();
    expect(within(section).getByRole('button', { name: 'Pay $75.00' })).toBeEnabled();
  });

  test('on the return from the provider, "paid" comes only from the server\'s confirmation', async () => {
    sessionStorage.setItem('payments:checkout-purpose', 'application_fee');
    const { net, router } = await open(
      '/completion?session_id=cs_test_1',
      paymentsOf(),
      true,
      {},
      paymentsOf({ fees: [fee({ state: 'paid', settled_at: '2026-11-03T15:00:00.000Z' })] }),
    );
    const section = await fees();
    const said = await within(section).findByRole('alert');
    expect(said).toHaveTextContent(
      'Thank you: your payment was received. Application fee: paid on 9:00 am Central Time on Tuesday, 3 November 2026.',
    );
    await waitFor(() => expect(said.parentElement).toHaveFocus());
    expect(net.callsTo('POST /api/payments/confirm').map((r) => r.body)).toEqual([{ session_id: 'cs_test_1' }]);
    expect(section).toHaveTextContent('Application fee: $75.00, paid on');
    // A reload asks nothing again: the address has forgotten the session.
    expect(router.state.location.search).toBe('');
  });

  test('a return the provider has not confirmed never reads "paid"', async () => {
    const { net } = await open('/completion?session_id=cs_forged', paymentsOf(), true);
    const section = await fees();
    const said = await within(section).findByText(/The payment service has not confirmed a payment yet/);
    await waitFor(() => expect(said.closest('[tabindex="-1"]')).toHaveFocus());
    expect(net.callsTo('POST /api/payments/confirm')).toHaveLength(1);
    expect(section).not.toHaveTextContent(/paid on \d/);
    expect(section).not.toHaveTextContent('Thank you');
    expect(within(section).getByRole('button', { name: 'Pay $75.00' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Check my payment again' })).toBeInTheDocument();
  });
});
