import type { AppDeps } from '../../app-deps';
import type { MailMessage } from '../../infra/mail/mailer';

/** The queue every e-mail goes through (pg-boss, on the application database). */
export const MAIL_QUEUE = 'mail';

/**
 * Retries with exponential backoff from a few seconds up to half an hour, for
 * about a day: a relay that is down for a night still gets every mail once it
 * is back. A send that hangs is cut by the mailer's own timeouts well before
 * the job's expiry, so a stalled relay never holds a worker for long.
 */
export const MAIL_QUEUE_OPTIONS = {
  retryLimit: 60,
  retryDelay: 2,
  retryBackoff: true,
  retryDelayMax: 30 * 60,
  expireInSeconds: 120,
  // A sent mail's job (which may hold a resume link) does not outlive the day.
  deleteAfterSeconds: 24 * 60 * 60,
  notify: true,
} as const;

/**
 * What a mail job holds. Account mails are composed by the worker (it looks
 * the address up and issues the code or link itself), so the call that asks
 * for one does the same work whether or not the address has an account, and
 * no code or link waits in the queue in clear. Other mails travel ready-made.
 */
export type MailJob =
  | { kind: 'message'; message: MailMessage }
  | { kind: 'signup'; email: string; created: boolean; device?: string }
  | { kind: 'resend'; email: string; device?: string }
  | { kind: 'forgot'; email: string; device?: string };

/** Worker ids of this process's mail workers, woken at once when this process queues a mail. */
const localWorkers = new WeakMap<object, string>();

export function registerLocalMailWorker(jobs: AppDeps['jobs'], workerId: string): void {
  localWorkers.set(jobs, workerId);
}

/**
 * Queues a mail; it is sent after the call has answered, retried until the
 * relay takes it. Resolves once the job is stored, so an acknowledged request
 * never loses its mail.
 */
export async function enqueueMail({ jobs }: Pick<AppDeps, 'jobs'>, job: MailJob): Promise<void> {
  await jobs.send(MAIL_QUEUE, job);
  const local = localWorkers.get(jobs);
  if (local) jobs.notifyWorker(local);
}
