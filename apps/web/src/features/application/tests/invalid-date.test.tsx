import { buildForm, invalidDateKeys, type Answers } from '@admissions/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { json, stubFetch } from '../../../test/fetch-stub';
import { tenantFixture } from '../../../test/fixtures';
import { applicantServer, type ApplicantRecord } from '../../../test/application-server';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';

const INVALID = 'A valid date of birth is required.';
const REQUIRED = 'Date of Birth';

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });
const dateOfBirth = () => screen.getByLabelText<HTMLInputElement>('Date of Birth');
const messageOf = () => document.getElementById('birth_date-error')?.textContent ?? '';

/** The fake server, clearing an invalid date as the real one does (SPEC section 5). */
function serverFor(record: Partial<ApplicantRecord>) {
  const server = applicantServer({ webStatuses: ['started', 'validating'], ...record });
  const form = buildForm(tenantFixture);
  server.handlers['PUT /api/answer'] = ({ body }) => {
    const changes = { ...(body as Answers) };
    for (const key of invalidDateKeys(form, changes)) changes[key] = '';
    server.state.answers = { ...server.state.answers, ...changes };
    return json({ message: 'Your answers have been saved.' });
  };
  return server;
}

/** What Chromium's date input does with '02/30/2001': it reports '' with validity.badInput, and then is left. */
function typeImpossibleDate() {
  Object.defineProperty(dateOfBirth(), 'validity', { value: { badInput: true }, configurable: true });
  fireEvent.blur(dateOfBirth());
}

/** Logged in on About You, where '02/30/2001' was typed into the date of birth and saved. */
async function savedImpossibleDate(record: Partial<ApplicantRecord> = {}) {
  setLoggedInCookie();
  const server = serverFor(record);
  const net = stubFetch(server.handlers);
  const view = renderApp('/about');
  await heading('About You');
  expect(messageOf()).toBe(REQUIRED);
  typeImpossibleDate();
  expect(messageOf()).toBe(INVALID);
  await save(view.user);
  return { ...view, server, net };
}

async function save(user: ReturnType<typeof renderApp>['user']) {
  await user.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('listitem', { name: 'Saved' })).toBeInTheDocument();
}

/** A reload of About You: the page starts again from the server's answers. */
async function reload(unmount: () => void) {
  unmount();
  const view = renderApp('/about');
  await heading('About You');
  return view;
}

afterEach(() => sessionStorage.clear());

describe('an impossible date of birth (SPEC section 5)', { timeout: 30_000 }, () => {
  test('says so after the field is left, and again after a reload while the stored answer stays empty', async () => {
    const { server, net, unmount } = await savedImpossibleDate();
    expect(net.callsTo('PUT /api/answer').map((r) => r.body)).toEqual([{ birth_date: 'incomplete' }]);
    expect(server.state.answers.birth_date).toBe('');

    await reload(unmount);
    expect(dateOfBirth()).toHaveValue('');
    expect(dateOfBirth()).toHaveAttribute('aria-invalid', 'true');
    expect(messageOf()).toBe(INVALID);
  });

  test('a real date, or emptying the field, ends it: after a reload the field is simply unanswered', async () => {
    const { unmount } = await savedImpossibleDate();

    const view = await reload(unmount);
    expect(messageOf()).toBe(INVALID);
    Object.defineProperty(dateOfBirth(), 'validity', { value: { badInput: false }, configurable: true });
    fireEvent.input(dateOfBirth(), { target: { value: '1990-05-17' } });
    expect(messageOf()).toBe('');
    fireEvent.input(dateOfBirth(), { target: { value: '' } });
    expect(messageOf()).toBe(REQUIRED);
    await save(view.user);

    await reload(view.unmount);
    expect(messageOf()).toBe(REQUIRED);
  });

  test('is remembered for the applicant who typed it, not for the next one to log in on this browser', async () => {
    const { unmount } = await savedImpossibleDate({ username: 'ada@example.com' });

    stubFetch(serverFor({ username: 'grace@example.com' }).handlers);
    await reload(unmount);
    expect(messageOf()).toBe(REQUIRED);
  });
});
