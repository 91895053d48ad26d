import { ACCOUNT_MESSAGES, PASSWORD_RULES } from '@admissions/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import type { NavigationState } from '../../../lib/navigation-state';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp } from '../../../test/render-app';

async function openSignup(state?: NavigationState) {
  const app = renderApp('/signup', { state });
  await screen.findByRole('heading', { level: 1, name: 'Sign Up' });
  return app;
}

/** The requirement list item of one rule, and its state. */
function requirement(message: string) {
  const item = screen.getByText(message).closest('li');
  if (!item) throw new Error(`No requirement '${message}'`);
  return item;
}

describe('/signup', () => {
  test('checks the e-mail on every change, with the message of SPEC section 5', async () => {
    stubFetch();
    const { user } = await openSignup();
    expect(document.title).toBe('Sign Up - Application for Admission');
    const email = screen.getByLabelText('Email address');

    await user.type(email, 'ada');
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(ACCOUNT_MESSAGES.emailInvalid);

    await user.type(email, '@example.com');
    expect(email).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(ACCOUNT_MESSAGES.emailInvalid)).not.toBeInTheDocument();
  });

  test('password requirements are inactive while empty, then in error or met, said in text', async () => {
    stubFetch();
    const { user } = await openSignup();
    for (const rule of PASSWORD_RULES) {
      expect(requirement(rule.message)).toHaveAttribute('data-state', 'inactive');
      expect(requirement(rule.message)).toHaveTextContent('(not checked yet)');
    }

    await user.type(screen.getByLabelText('Password'), 'abc');

    expect(requirement('contains at least one lowercase letter')).toHaveAttribute('data-state', 'success');
    expect(requirement('contains at least one lowercase letter')).toHaveTextContent('(met)');
    expect(requirement('is at least 12 characters')).toHaveAttribute('data-state', 'error');
    expect(requirement('is at least 12 characters')).toHaveTextContent('(not met)');
    expect(requirement('contains at least one uppercase letter')).toHaveAttribute('data-state', 'error');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Password'), 'DEF123456!?');
    for (const rule of PASSWORD_RULES) expect(requirement(rule.message)).toHaveAttribute('data-state', 'success');
    expect(screen.getByLabelText('Password')).not.toHaveAttribute('aria-invalid');
  });

  test('submit is blocked while a checked field has an error', async () => {
    const net = stubFetch();
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'short');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(net.callsTo('POST /public/signup')).toHaveLength(0);
    expect(screen.getByLabelText('Password')).toHaveFocus();
  });

  test('signs up and goes to /confirm with the address, the message and the answers', async () => {
    const net = stubFetch({ 'POST /public/signup': () => json({ message: 'Thanks for signing up!' }) });
    const { user, router } = await openSignup({ answers: { first_name: 'Ada' } });
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdef123456!');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    await screen.findByRole('heading', { level: 1, name: 'Confirm Your Account' });
    expect(net.callsTo('POST /public/signup')[0]?.body).toEqual({
      username: 'ada@example.com',
      password: 'Abcdef123456!',
    });
    expect(router.state.location.state).toEqual({
      username: 'ada@example.com',
      message: 'Thanks for signing up!',
      answers: { first_name: 'Ada' },
    });
    expect(await screen.findByRole('listitem', { name: 'Success' })).toHaveTextContent('Thanks for signing up!');
  });

  test("a failure shows a 'Sign Up Card Error' toast and the server's field messages", async () => {
    stubFetch({
      'POST /public/signup': () =>
        json(
          {
            code: 'VALIDATION_FAILED',
            message: 'Some of what you entered needs to be corrected.',
            errors: { username: ['That address is taken.'] },
          },
          400,
        ),
    });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Email address'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'Abcdef123456!');

    await user.click(screen.getByRole('button', { name: 'Submit' }));

    const toast = await screen.findByRole('listitem', { name: 'Sign Up Card Error' });
    expect(within(toast).getByText('Some of what you entered needs to be corrected.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription('That address is taken.');
  });
});
