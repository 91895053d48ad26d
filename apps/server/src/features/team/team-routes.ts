import { normalizeEmail, type TeamMember, type TeamResponse } from '@admissions/domain';
import { teamChangeBody, teamInviteBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { requireFreshSignIn, staffOf } from '../../session/require-staff';
import { requireRight } from '../../session/staff-access';
import { accountUrls } from '../accounts';
import { enqueueMail, teamInvitationMail } from '../mail';
import { checkProgramCodes } from './program-codes';
import {
  changeMember,
  inviteMember,
  listTeam,
  memberName,
  refuseEnvironmentMember,
  removeMember,
} from './team-repository';

type Params = { email: string };

/**
 * The team (decision 039), inside the /api/staff scope: administrators
 * (manage_team) list, invite, change and remove members. Every call is in the
 * audit log, each write in the same transaction as the change.
 */
export function teamRoutes(deps: AppDeps) {
  const now = () => deps.clock.now();
  const manage = { preHandler: requireRight(deps, 'manage_team') };
  // Changes of the team ask for a fresh sign-in (issue 44); reading it does not.
  const change = { preHandler: [requireRight(deps, 'manage_team'), requireFreshSignIn(deps)] };

  return async (app: FastifyInstance) => {
    app.get('/team', manage, async (req): Promise<TeamResponse> => {
      const members = await listTeam(deps);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-team', { members: members.length }, now());
      return { members };
    });

    app.post('/team', change, async (req, reply): Promise<TeamMember> => {
      const body = parseBody(teamInviteBody, req.body);
      const email = normalizeEmail(body.email);
      refuseEnvironmentMember(deps, email);
      const change = {
        name: body.name,
        roles: [...new Set(body.roles)],
        programs: checkProgramCodes(deps.config.tenant, body.programs),
      };
      const staff = staffOf(req);
      await deps.db.transaction(async (tx) => {
        await inviteMember(tx, email, change, staff.email, now());
        await recordStaffRead(tx, staff, null, 'team-invite', { email, ...change }, now());
      });
      const urls = accountUrls(deps.config.publicUrl);
      // The inviter by name where they have one, with the address the invited person may know them by.
      const invitedByName = await memberName(deps.db, staff.email);
      const signup = new URL('/signup', deps.config.publicUrl).toString();
      await enqueueMail(deps, {
        kind: 'message',
        message: teamInvitationMail(
          deps.config.tenant,
          email,
          { invitedBy: staff.email, invitedByName, ...change },
          { signup, login: urls.login },
        ),
      });
      reply.code(201);
      return {
        email,
        ...change,
        status: 'invited',
        invited_at: now().toISOString(),
        last_seen_at: null,
        from_environment: false,
        last_sign_in_at: null,
        last_sign_in_method: null,
        mfa_enrolled: false,
      };
    });

    app.put<{ Params: Params }>('/team/:email', change, async (req) => {
      const email = normalizeEmail(req.params.email);
      refuseEnvironmentMember(deps, email);
      const body = parseBody(teamChangeBody, req.body);
      const change = {
        ...(body.name === undefined ? {} : { name: body.name }),
        roles: [...new Set(body.roles)],
        programs: checkProgramCodes(deps.config.tenant, body.programs),
      };
      await deps.db.transaction(async (tx) => {
        const before = await changeMember(deps, tx, email, change);
        await recordStaffRead(tx, staffOf(req), null, 'team-change', { email, before, after: change }, now());
      });
      const member = (await listTeam(deps)).find((m) => m.email === email);
      return member;
    });

    app.delete<{ Params: Params }>('/team/:email', change, async (req) => {
      const email = normalizeEmail(req.params.email);
      refuseEnvironmentMember(deps, email);
      await deps.db.transaction(async (tx) => {
        const before = await removeMember(deps, tx, email);
        await recordStaffRead(tx, staffOf(req), null, 'team-remove', { email, before }, now());
      });
      return { message: `${email} is no longer a member of the team.` };
    });
  };
}
