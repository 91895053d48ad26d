import type { StaffRole, TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

const ROLE_NAMES: Record<StaffRole, string> = {
  admin: 'administrator',
  decider: 'decider',
  reviewer: 'reviewer',
  reader: 'reader',
};

/**
 * An invitation to the admissions office's team. It carries no secret: the
 * address gets its rights at its next login, through the ordinary sign-up or
 * login screens.
 */
export function teamInvitationMail(
  t: TenantConfig,
  to: string,
  invite: { invitedBy: string; roles: readonly StaffRole[]; programs: readonly string[] | null },
  urls: { signup: string; login: string },
): MailMessage {
  const roles = invite.roles.map((r) => ROLE_NAMES[r]).join(', ');
  const scope = invite.programs === null ? 'every program' : `these programs: ${invite.programs.join(', ')}`;
  return {
    to,
    kind: 'team-invitation',
    subject: `You are invited to the ${t.shortName} admissions office team`,
    text:
      `${invite.invitedBy} has invited you to the ${t.partnerName} admissions office team, ` +
      `as ${roles}, for ${scope}.\n\n` +
      `If you have no account with this address yet, sign up here: ${urls.signup}\n` +
      `If you already have one, log in here: ${urls.login}\n\n` +
      `Your rights start at your next login. If you did not expect this invitation, you can ignore this e-mail.` +
      `\n\n${signature(t)}`,
  };
}
