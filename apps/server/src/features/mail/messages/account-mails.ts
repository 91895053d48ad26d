import type { TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';
import { CONFIRM_CODE_TTL_MS } from '../../../session/account-limits';
import { signature } from './signature';

/**
 * The account e-mails. Plain text only: every client shows it, it cannot hide
 * a link behind other words, and screen readers read it as written.
 */

export function confirmationCodeMail(t: TenantConfig, to: string, code: string): MailMessage {
  return {
    kind: 'confirmation-code',
    to,
    subject: `Your ${t.shortName} confirmation code: ${code}`,
    logSubject: `Your ${t.shortName} confirmation code`,
    text:
      `Welcome to the ${t.partnerName} graduate application.\n\n` +
      `Your confirmation code is: ${code}\n\n` +
      `Enter it on the Confirm Your Account page. It expires in ${CONFIRM_CODE_TTL_MS / 3_600_000} hours, ` +
      `and only the most recent code works.\n\nIf you did not create an account, you can ignore this e-mail.` +
      `\n\n${signature(t)}`,
    highlight: `confirmation code ${code}`,
  };
}

export function signupAttemptMail(t: TenantConfig, to: string, loginUrl: string, forgotUrl: string): MailMessage {
  return {
    kind: 'signup-attempt',
    to,
    subject: `Someone tried to create a ${t.shortName} account with your e-mail address`,
    text:
      `Someone tried to create a new ${t.partnerName} graduate application account with this e-mail address, ` +
      `but an account with this address already exists.\n\nIf it was you, log in here: ${loginUrl}\n` +
      `If you forgot your password, or never finished confirming the account, choose a new password here ` +
      `(that also confirms the account): ${forgotUrl}\n\n` +
      `If it was not you, you can ignore this e-mail; your account has not changed.` +
      `\n\n${signature(t)}`,
  };
}

export function alreadyConfirmedMail(t: TenantConfig, to: string, loginUrl: string): MailMessage {
  return {
    kind: 'already-confirmed',
    to,
    subject: `Your ${t.shortName} account is already confirmed`,
    text:
      `You asked for a new confirmation code, but your account is already confirmed. ` +
      `You can log in here: ${loginUrl}` +
      `\n\n${signature(t)}`,
  };
}

export function resetLinkMail(t: TenantConfig, to: string, link: string): MailMessage {
  return {
    kind: 'password-reset-link',
    to,
    subject: `Reset your ${t.shortName} application password`,
    text:
      `We received a request to reset the password of your ${t.partnerName} graduate application account.\n\n` +
      `Choose a new password here (the link works once, for one hour):\n${link}\n\n` +
      `If you did not ask for this, you can ignore this e-mail; your password has not changed.` +
      `\n\n${signature(t)}`,
    highlight: `reset link ${link}`,
  };
}

export function passwordChangedMail(t: TenantConfig, to: string, forgotUrl: string): MailMessage {
  return {
    kind: 'password-changed',
    to,
    subject: `Your ${t.shortName} application password was changed`,
    text:
      `The password of your ${t.partnerName} graduate application account was just changed, ` +
      `and every other session was logged out.\n\n` +
      `If you did not do this, reset your password at once: ${forgotUrl} and write to ${t.helpEmail}.` +
      `\n\n${signature(t)}`,
  };
}
