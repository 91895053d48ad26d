import { formatInZone, type StatusResponse } from '@admissions/domain';
import { remindersBody, unsubscribeBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import type { FormContext } from '../../core/form-context';
import { recordChecklistChange } from '../../core/checklist-history';
import { loadChecklist } from '../checklist';
import { applicantDecisionStatus } from '../decisions';
import { deadlineFor } from './deadline-source';
import { userOfUnsubscribeToken } from './unsubscribe-token';

/** GET /api/status answers the applicant alone: the checklist holds nothing the office keeps to itself. */
export async function statusOf(deps: AppDeps, ctx: FormContext, userId: string): Promise<StatusResponse> {
  const [checklist, decided] = await Promise.all([
    loadChecklist(deps, ctx, userId),
    // Null until released: nothing provisional reaches the applicant (decision 048).
    applicantDecisionStatus(deps, userId),
  ]);
  if (!checklist)
    return { submitted_at: null, complete: false, checklist: [], reminders: true, deadline: null, ...decided };
  const deadline = deadlineFor(deps, checklist.program);
  return {
    submitted_at: checklist.submittedAt ? checklist.submittedAt.toISOString() : null,
    complete: checklist.complete,
    checklist: checklist.items,
    reminders: checklist.reminders,
    deadline: deadline ? formatInZone(deadline, deps.config.tenant.time_zone) : null,
    ...decided,
  };
}

async function setReminders(deps: AppDeps, userId: string, enabled: boolean): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const { rowCount } = await tx.query(
      'UPDATE applications SET deadline_reminders = $2 WHERE user_id = $1 AND deadline_reminders <> $2',
      [userId, enabled],
    );
    if (rowCount === 1) await recordChecklistChange(tx, userId, { deadline_reminders: enabled }, now);
  });
}

/** The applicant's status calls (a session): the checklist, and reminders back on (or off). */
export function statusRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.get('/status', async (req): Promise<StatusResponse> => statusOf(deps, ctx, sessionOf(req).userId));

    app.put('/status/reminders', async (req): Promise<StatusResponse> => {
      const { userId } = sessionOf(req);
      const { enabled } = parseBody(remindersBody, req.body);
      await setReminders(deps, userId, enabled);
      return statusOf(deps, ctx, userId);
    });
  };
}

/** POST /public/reminders/unsubscribe: the e-mail's signed link turns the reminders off, with no login. */
export function unsubscribeRoute(deps: AppDeps) {
  return async (app: FastifyInstance) => {
    app.post('/reminders/unsubscribe', async (req) => {
      const { token } = parseBody(unsubscribeBody, req.body);
      const userId = userOfUnsubscribeToken(deps.secretKey, token);
      if (!userId) throw new AppError('REMINDER_LINK_INVALID');
      await setReminders(deps, userId, false);
      return { message: 'You will get no more deadline reminders. You can turn them back on in your application.' };
    });
  };
}
