import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { ensureQueue } from '../../infra/jobs/ensure-queue';
import { handOutAll, startDueMessages } from './sending';
import { finishIfDone } from './staff-message-mail';

export const MESSAGES_QUEUE = 'staff-messages';
/** Every minute: a message scheduled for an instant starts within a minute of it. */
export const MESSAGES_CRON = '* * * * *';

/**
 * One pass of the messages job (sending.ts): the scheduled messages whose time has come are started, every
 * sending message's queued rows are handed to the mail queue a batch at a time, and a sending message with
 * nothing queued is marked sent. Every step is safe to run twice or side by side in two processes, so a pass a
 * killed process left half done is simply run again. Time comes from deps.clock.
 */
export async function runMessagesPass(deps: AppDeps, ctx: FormContext) {
  const started = await startDueMessages(deps, ctx);
  const handed = await handOutAll(deps, ctx);
  const finished = await finishIfDone(deps.db, deps.clock.now());
  return { started, handed, finished };
}

const localWorkers = new WeakMap<object, string>();

/**
 * The messages job on the queue's schedule (every minute, evaluated in one process at a time), woken at once by a
 * send (wakeMessagesJob), plus one run as this process starts, so a hand-out a killed process left half done
 * resumes at once.
 */
export async function startMessagesWorker(
  deps: AppDeps,
  ctx: FormContext,
  logger: Pick<Logger, 'debug' | 'info' | 'warn' | 'error'>,
): Promise<string> {
  await ensureQueue(deps.jobs, MESSAGES_QUEUE, { retryLimit: 5, retryDelay: 10, expireInSeconds: 15 * 60 });
  await deps.jobs.schedule(MESSAGES_QUEUE, MESSAGES_CRON);
  const id = await deps.jobs.work(MESSAGES_QUEUE, { pollingIntervalSeconds: 2 }, async () => {
    const pass = await runMessagesPass(deps, ctx);
    if (pass.started || pass.handed || pass.finished) logger.info({ messages: pass }, 'messages pass done');
  });
  localWorkers.set(deps.jobs, id);
  await deps.jobs.send(MESSAGES_QUEUE, {}, { singletonKey: 'start', singletonSeconds: 10 });
  return MESSAGES_QUEUE;
}

/** Runs a pass now rather than at the next minute: a message sent now is handed out at once. */
export async function wakeMessagesJob(deps: Pick<AppDeps, 'jobs'>): Promise<void> {
  await deps.jobs.send(MESSAGES_QUEUE, {});
  const local = localWorkers.get(deps.jobs);
  if (local) deps.jobs.notifyWorker(local);
}
