import { programLabelOf, type StaffRole, type TenantConfig } from '@admissions/domain';
import type { MailMessage } from '../../../infra/mail/mailer';
import { plainName } from './letter-mails';
import { signature } from './signature';

const ROLE_NAMES: Record<StaffRole, string> = {
  admin: 'administrator',
  decider: 'decider',
  reviewer: 'reviewer',
  reader: 'reader',
  bursar: 'bursar (payments)',
};

/**
 * An invitation to the admissions office's team. It carries no secret: the
 * address gets its rights at its next login, through the ordinary sign-up or
 * login screens. It greets the member by the name the administrator gave, and names programs by their labels
 * (issue 49).
 */
export function teamInvitationMail(
  t: TenantConfig,
  to: string,
  invite: {
    /** The name the administrator gave the member, and their own (null when they have none). */
    name: string;
    invitedBy: string;
    invitedByName?: string | null;
    roles: readonly StaffRole[];
    programs: readonly string[] | null;
  },
  urls: { signup: string; login: string },
): MailMessage {
  // Names are typed by people: only letters and a few marks reach the text (no markup).
  const name = plainName(invite.name);
  const inviter = invite.invitedByName ? `${plainName(invite.invitedByName)} (${invite.invitedBy})` : invite.invitedBy;
  const roles = invite.roles.map((r) => ROLE_NAMES[r]).join(', ');
  const scope =
    invite.programs === null
      ? 'every program'
      : `these programs: ${invite.programs.map((code) => programLabelOf(t, code)).join(', ')}`;
  return {
    to,
    kind: 'team-invitation',
    subject: `You are invited to the ${t.shortName} admissions office team`,
    text:
      (name ? `Hello ${name},\n\n` : '') +
      `${inviter} has invited you to the ${t.partnerName} admissions office team, ` +
      `as ${roles}, for ${scope}.\n\n` +
      `If you have no account with this address yet, sign up here: ${urls.signup}\n` +
      `If you already have one, log in here: ${urls.login}\n\n` +
      `Your rights start at your next login. If you did not expect this invitation, you can ignore this e-mail.` +
      `\n\n${signature(t)}`,
  };
}
