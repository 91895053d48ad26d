import {
  APPLICATION_ID_HEADER,
  APPLICATIONS_PATH,
  CURRENT_APPLICATION_PATH,
  DECISION_MESSAGES,
  ERROR_MESSAGES,
  withdrawApplicationPath,
  type ApplicantDecision,
  type StatusResponse,
} from '@admissions/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { applicantServer, completeAnswers, type ApplicantRecord } from '../../test/application-server';
import { json, stubFetch } from '../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../test/render-app';
import { application, applicationsServer } from '../applications/tests/applications-server';
import { KEEP_OTHERS, WITHDRAW_CHOSEN, WITHDRAW_OTHERS_TITLE } from './components/withdraw-others-dialog';

const NURSING = '00000000-0000-4000-8000-000000000001';
const EDUCATION = '00000000-0000-4000-8000-000000000002';
const SOCIOLOGY = '00000000-0000-4000-8000-000000000003';
const PSYCHOLOGY = '00000000-0000-4000-8000-000000000004';
const SERVICE = '00000000-0000-4000-8000-000000000005';
const COUNSELING = '00000000-0000-4000-8000-000000000006';
const PLANNING = '00000000-0000-4000-8000-000000000007';
const SUBMITTED_AT = '2026-11-02T09:00:00.000Z';

const OFFER: ApplicantDecision = {
  code: 'admit',
  label: 'Admitted',
  letter_html: '<p>Dear Ada,</p>',
  reasons: [],
  conditions: [],
  released_at: '2026-11-02T09:00:00.000Z',
  reply_by: '2026-11-16T09:00:00.000Z',
  time_zone: 'America/Chicago',
  response: null,
  response_at: null,
  response_by_default: false,
  can_respond: true,
  letter_pdf_url: '/api/decision/letter.pdf',
};

const submitted: Partial<ApplicantRecord> = {
  answers: completeAnswers(),
  submitted: true,
  webStatuses: ['started', 'validating', 'submitted'],
};

const released = { submitted_at: SUBMITTED_AT, decision_released: true } as const;

/** An offer on the Nursing application; more in this cycle, of which three still stand (one of them holds an offer). */
function offerServer(more: Parameters<typeof stubFetch>[0] = {}) {
  const server = applicationsServer({
    applications: [
      application(NURSING, 'BMN', { state: 'decided', ...released, decision_offer: true }),
      application(EDUCATION, 'MAE', { state: 'submitted', submitted_at: SUBMITTED_AT }),
      application(SOCIOLOGY, 'MAAS', { state: 'decided', ...released, decision_offer: true }),
      application(COUNSELING, 'GSCMC', { state: 'decided', ...released, decision_offer: false }),
      // None can be withdrawn: one was never submitted, one's offer is declined, one is withdrawn already.
      application(PSYCHOLOGY, 'MAPP', { state: 'in_progress' }),
      application(SERVICE, 'MAPS', { state: 'declined', ...released, decision_offer: true }),
      application(PLANNING, 'GSCUP', { state: 'withdrawn', submitted_at: SUBMITTED_AT }),
    ],
    records: { [NURSING]: submitted, [EDUCATION]: submitted, [SOCIOLOGY]: submitted },
  });
  let response: 'accept' | null = null;
  const setState = (state: 'accepted' | 'withdrawn') => {
    const found = server.state.applications.find((a) => a.id === server.state.current)!;
    found.state = state;
  };
  const net = stubFetch({
    ...server.handlers,
    'GET /api/status': server.formCall(() =>
      json({
        submitted_at: SUBMITTED_AT,
        withdrawn_at: null,
        complete: true,
        checklist: [],
        reminders: true,
        deadline: null,
        decision: { ...OFFER, response, can_respond: response === null },
      } satisfies StatusResponse),
    ),
    'POST /api/decision/response': server.formCall(() => {
      response = 'accept';
      setState('accepted');
      return json({ message: DECISION_MESSAGES.accepted });
    }),
    'POST /api/withdraw': server.formCall(() => {
      setState('withdrawn');
      return json({ message: DECISION_MESSAGES.withdrawn });
    }),
    ...more,
  });
  return { server, net };
}

async function accept(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Accept the offer' }));
  const question = await screen.findByRole('dialog', { name: 'Accept the offer?' });
  await user.click(within(question).getByRole('button', { name: 'Yes, accept the offer' }));
  return screen.findByRole('dialog', { name: WITHDRAW_OTHERS_TITLE });
}

describe('accepting one offer with other applications standing', { timeout: 30_000 }, () => {
  test('asks whether to withdraw them, and withdraws those chosen by their ids, leaving the accepted one open', async () => {
    setLoggedInCookie();
    const { server, net } = offerServer();
    const { user } = renderApp('/completion');
    const dialog = await accept(user);

    const others = within(dialog).getByRole('group', { name: 'Choose the applications to withdraw' });
    const boxes = within(others).getAllByRole('checkbox');
    // Only those still open to withdraw, and the words say which hold an offer.
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'MA in Education, Fall 2027 (Submitted)',
      'MA in Applied Sociology, Fall 2027 (Decision released: you have an offer)',
      'Graduate Certificate in Mental Health Counseling, Fall 2027 (Decision released)',
    ]);
    expect(
      within(dialog).getByText('Withdrawing an application that holds an offer gives that offer up.'),
    ).toBeVisible();
    // None chosen for the applicant: nothing to withdraw yet.
    expect(boxes.every((b) => !(b as HTMLInputElement).checked)).toBe(true);
    expect(within(dialog).getByRole('button', { name: WITHDRAW_CHOSEN })).toBeDisabled();

    await user.click(within(others).getByRole('checkbox', { name: 'MA in Education, Fall 2027 (Submitted)' }));
    await user.click(within(dialog).getByRole('button', { name: WITHDRAW_CHOSEN }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/Your application for MA in Education was withdrawn\./)).toHaveTextContent(
      `${DECISION_MESSAGES.accepted} Your application for MA in Education was withdrawn.`,
    );
    // One call names the application by its id; the session's current application never moves.
    const withdrawals = net.callsTo(`POST ${withdrawApplicationPath(EDUCATION)}`);
    expect(withdrawals.map((r) => r.body)).toEqual([{}]);
    expect(withdrawals[0]!.headers.get(APPLICATION_ID_HEADER)).toBeNull();
    expect(net.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/withdraw'))).toHaveLength(1);
    expect(net.callsTo('POST /api/withdraw')).toHaveLength(0);
    expect(net.callsTo(`PUT ${CURRENT_APPLICATION_PATH}`)).toHaveLength(0);
    expect(net.callsTo(`POST ${APPLICATIONS_PATH}`)).toHaveLength(0);
    expect(server.state.current).toBe(NURSING);
    expect(server.state.applications.map((a) => a.state)).toEqual([
      'accepted',
      'withdrawn',
      'decided',
      'decided',
      'in_progress',
      'declined',
      'withdrawn',
    ]);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Offer accepted: Admitted' })).toHaveFocus());
    // The page still acts on the accepted application: no refusal appears.
    expect(screen.queryByRole('button', { name: 'Reload' })).not.toBeInTheDocument();
  });

  test('withdraws several, one call each, without switching', async () => {
    setLoggedInCookie();
    const { server, net } = offerServer();
    const { user } = renderApp('/completion');
    const dialog = await accept(user);

    await user.click(within(dialog).getByRole('checkbox', { name: /^MA in Education/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^MA in Applied Sociology.*you have an offer/ }));
    await user.click(within(dialog).getByRole('button', { name: WITHDRAW_CHOSEN }));

    expect(
      await screen.findByText(/Your applications for MA in Education and MA in Applied Sociology were withdrawn\./),
    ).toBeInTheDocument();
    expect(net.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/withdraw')).map((r) => r.path)).toEqual([
      withdrawApplicationPath(EDUCATION),
      withdrawApplicationPath(SOCIOLOGY),
    ]);
    expect(net.callsTo(`PUT ${CURRENT_APPLICATION_PATH}`)).toHaveLength(0);
    expect(server.state.current).toBe(NURSING);
    expect(server.state.applications.slice(0, 4).map((a) => a.state)).toEqual([
      'accepted',
      'withdrawn',
      'withdrawn',
      'decided',
    ]);
  });

  test('a refusal stops there and says why; those withdrawn before it are no longer offered', async () => {
    setLoggedInCookie();
    const { server, net } = offerServer({
      // Another tab has just accepted the Sociology offer.
      [`POST ${withdrawApplicationPath(SOCIOLOGY)}`]: () =>
        json({ code: 'OFFER_ACCEPTED', message: ERROR_MESSAGES.OFFER_ACCEPTED }, 409),
    });
    const { user } = renderApp('/completion');
    const dialog = await accept(user);

    await user.click(within(dialog).getByRole('checkbox', { name: /^MA in Education/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^MA in Applied Sociology/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /^Graduate Certificate/ }));
    await user.click(within(dialog).getByRole('button', { name: WITHDRAW_CHOSEN }));

    expect(await within(dialog).findByText(ERROR_MESSAGES.OFFER_ACCEPTED)).toBeInTheDocument();
    expect(net.callsTo(`POST ${withdrawApplicationPath(COUNSELING)}`)).toHaveLength(0);
    await waitFor(() =>
      expect(
        within(dialog)
          .getAllByRole('checkbox')
          .map((b) => b.closest('label')?.textContent),
      ).toEqual([
        'MA in Applied Sociology, Fall 2027 (Decision released: you have an offer)',
        'Graduate Certificate in Mental Health Counseling, Fall 2027 (Decision released)',
      ]),
    );
    expect(server.state.current).toBe(NURSING);
    expect(net.callsTo(`PUT ${CURRENT_APPLICATION_PATH}`)).toHaveLength(0);
  });

  test('one another tab has withdrawn meanwhile counts as withdrawn', async () => {
    setLoggedInCookie();
    const { server } = offerServer();
    const { user } = renderApp('/completion');
    const dialog = await accept(user);
    server.state.applications.find((a) => a.id === EDUCATION)!.state = 'withdrawn';

    await user.click(within(dialog).getByRole('checkbox', { name: /^MA in Education/ }));
    await user.click(within(dialog).getByRole('button', { name: WITHDRAW_CHOSEN }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/Your application for MA in Education was withdrawn\./)).toBeInTheDocument();
    expect(server.state.current).toBe(NURSING);
  });

  test('keeping them withdraws nothing', async () => {
    setLoggedInCookie();
    const { net } = offerServer();
    const { user } = renderApp('/completion');
    const dialog = await accept(user);

    await user.click(within(dialog).getByRole('button', { name: KEEP_OTHERS }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo('POST /api/withdraw')).toHaveLength(0);
    expect(net.callsTo(`PUT ${CURRENT_APPLICATION_PATH}`)).toHaveLength(0);
    expect(screen.getByText(DECISION_MESSAGES.accepted)).toBeInTheDocument();
  });

  test('an institution that takes one application a person asks nothing', async () => {
    setLoggedInCookie();
    const applicant = applicantServer(submitted);
    const net = stubFetch({
      ...applicant.handlers,
      'GET /api/status': () =>
        json({
          submitted_at: SUBMITTED_AT,
          withdrawn_at: null,
          complete: true,
          checklist: [],
          reminders: true,
          deadline: null,
          decision: OFFER,
        } satisfies StatusResponse),
      'POST /api/decision/response': () => json({ message: DECISION_MESSAGES.accepted }),
    });
    const { user } = renderApp('/completion');
    await user.click(await screen.findByRole('button', { name: 'Accept the offer' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Accept the offer?' })).getByRole('button', {
        name: 'Yes, accept the offer',
      }),
    );

    expect(await screen.findByText(DECISION_MESSAGES.accepted)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.callsTo(`GET ${APPLICATIONS_PATH}`)).toHaveLength(0);
  });
});
