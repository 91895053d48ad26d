import type { Logger } from 'pino';
import type { AppDeps } from './app-deps';
import { startConversionWorker } from './features/documents/conversion-worker';
import { startDecisionsWorker } from './features/decisions/decision-worker';
import { startHousekeepingWorker } from './features/housekeeping/housekeeping-worker';
import type { FormContext } from './core/form-context';
import { accountMailComposers } from './features/accounts/account-mail-jobs';
import { startMailWorker } from './features/mail/mail-worker';
import { deadlineReminderComposers, startDeadlineReminderWorker } from './features/status';
import { addressProblemComposers, letterRefusalHandlers } from './features/recommendations';
import { LETTER_TARGET, letterConversionTarget } from './features/recommendations/letter-conversion';
import { letterMailComposers } from './features/recommendations/letter-mail-jobs';
import { startLetterWorkers } from './features/recommendations/letter-reminders';
import { startRetentionWorker } from './features/retention';
import { startDepositReminderWorker, startPaymentEventsWorker } from './features/payments';
import { staffMessageComposers, staffMessageRefusals, startMessagesWorker } from './features/messages';
import { startWebhooksWorker } from './features/webhooks';
import { startExportsWorker } from './features/exports';

/**
 * Starts this process's share of the background work on the durable job queue
 * (deps.jobs): each feature that owns a queue registers its worker here. Every
 * server process runs the same workers; pg-boss hands each job to one of them.
 * Called by server.ts after listen, and by the test app, so tests exercise the
 * same workers as production.
 */
export async function startWorkers(requestDeps: AppDeps, formContext: FormContext, logger: Logger): Promise<void> {
  // Jobs may run longer statements than a request may (infra/db/postgres-db.ts).
  const deps = { ...requestDeps, db: requestDeps.db.jobsDb() };
  const started: string[] = [];
  started.push(await startConversionWorker(deps, logger, { [LETTER_TARGET]: letterConversionTarget(deps) }));
  // The mail worker composes each kind of mail with the composer of the feature that queues it.
  const mailComposers = {
    ...accountMailComposers(deps),
    ...letterMailComposers(deps),
    ...addressProblemComposers(deps),
    ...deadlineReminderComposers(deps, formContext),
    // A message to a group (issue 46): one job per recipient, composed from its row when sent.
    ...staffMessageComposers(deps),
  };
  // A recommender's address refused for good (SMTP 5xx) becomes the letter's address problem (decision 044).
  // A group message's recipient refused for good becomes a failed row, and a bounced address for the next one.
  const refusals = { ...letterRefusalHandlers(deps), ...staffMessageRefusals(deps) };
  started.push(await startMailWorker(deps, logger, mailComposers, refusals));
  started.push(await startHousekeepingWorker(deps, logger));
  started.push(...(await startLetterWorkers(deps, formContext, logger)));
  started.push(await startRetentionWorker(deps, logger));
  started.push(await startDeadlineReminderWorker(deps, formContext, logger));
  started.push(await startDecisionsWorker(deps, logger));
  started.push(await startDepositReminderWorker(deps, logger));
  started.push(await startPaymentEventsWorker(deps, logger));
  // Messages to groups (issue 46): scheduled ones started at their time, every sending one handed out in batches.
  started.push(await startMessagesWorker(deps, formContext, logger));
  started.push(await startWebhooksWorker(deps, logger)); // Signed webhooks (issue 45): due deliveries sent.
  started.push(await startExportsWorker(deps, formContext, logger)); // Scheduled exports (issue 45).
  // Features add their workers above this line, e.g. `started.push(await startConversionWorker(deps, logger))`.
  if (started.length) logger.debug({ workers: started }, 'background workers started');
}
