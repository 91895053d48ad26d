import { normalizeEmail } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { MailMessage } from '../../infra/mail/mailer';
import { type MailComposers, alreadyConfirmedMail, resetLinkMail, signupAttemptMail } from '../mail';
import { RESET_TOKEN_TTL_MS } from '../../session/account-limits';
import { accountUrls } from './account-urls';
import { replaceCode } from './codes-repository';
import { issueConfirmationCode } from './issue-confirmation-code';
import { claimMailSlot, recordMailSlot } from './mail-throttle';
import { generateToken, hashCode } from '../../session/secrets';
import { isTrustedDevice, throttleKey } from './trusted-devices';
import { findUserByEmail } from './users-repository';

/**
 * Sign-up mails count under their own purpose, not the resend's ('confirm'): they go only to addresses
 * that have an account, so a resend refused because of one would tell a stranger the account exists.
 */
const SIGNUP_MAIL = 'signup';

/** The account mails' jobs: the address asked about, never a code or link (mail-jobs.ts). */
type AccountMailJob =
  | { kind: 'signup'; email: string; created: boolean; device?: string }
  | { kind: 'resend'; email: string; device?: string }
  | { kind: 'forgot'; email: string; device?: string };

/** The mail worker's composers of the account mails (wired in workers.ts). */
export function accountMailComposers(deps: AppDeps): MailComposers {
  const compose = (job: AccountMailJob, firstTry: boolean) => composeAccountMail(deps, job, firstTry);
  return { signup: compose, resend: compose, forgot: compose };
}

/**
 * Runs in the mail worker, after the call that asked for the mail has
 * answered: whether the address has an account, and what it is sent, is
 * decided here, so the call itself does the same work for every address and
 * its time reveals nothing. Returns undefined when there is nothing to send.
 * On a retry (firstTry false) the throttle was already counted.
 */
export async function composeAccountMail(
  deps: AppDeps,
  job: AccountMailJob,
  firstTry: boolean,
): Promise<MailMessage | undefined> {
  const { db, clock, config, secretKey } = deps;
  const user = await findUserByEmail(db, job.email);
  switch (job.kind) {
    case 'signup': {
      const key = normalizeEmail(job.email);
      if (job.created) {
        if (!user) return undefined;
        if (firstTry) await recordMailSlot(db, key, SIGNUP_MAIL, clock.now());
        return issueConfirmationCode(deps, user, job.device);
      }
      // Someone signed up with an address that has an account: its owner is told, within the mail throttle.
      if (firstTry && !(await slotFree(deps, key, job.device))) return undefined;
      if (!user) return undefined;
      const urls = accountUrls(config.publicUrl);
      return signupAttemptMail(config.tenant, user.email, urls.login, urls.forgot);
    }
    case 'resend':
      if (!user) return undefined;
      if (!user.confirmed_at) return issueConfirmationCode(deps, user, job.device);
      return alreadyConfirmedMail(config.tenant, user.email, accountUrls(config.publicUrl).login);
    case 'forgot': {
      if (!user) return undefined;
      const token = generateToken();
      const now = clock.now();
      await replaceCode(db, {
        userId: user.id,
        purpose: 'reset',
        secretHash: hashCode(secretKey, 'reset', user.id, token),
        now,
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MS),
        device: job.device,
      });
      return resetLinkMail(config.tenant, user.email, accountUrls(config.publicUrl).reset(user.email, token));
    }
  }
}

/** A spent mail slot only means "no e-mail this time"; any other failure is real and must surface. */
async function slotFree({ db, clock }: AppDeps, key: string, device: string | undefined): Promise<boolean> {
  const now = clock.now();
  const trusted = (await isTrustedDevice(db, key, device, now)) ? device : undefined;
  return claimMailSlot(db, throttleKey(key, trusted), SIGNUP_MAIL, now).then(
    () => true,
    (err: unknown) => {
      if (err instanceof AppError && err.code === 'MAIL_TOO_SOON') return false;
      throw err;
    },
  );
}
