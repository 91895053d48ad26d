import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { JobQueue } from '../../infra/jobs/job-queue';
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
  // A worker touches its jobs every 5 s; a batch whose process died is retried at the queue's next supervision
  // after 10 s without a touch, instead of after its expiry.
  heartbeatSeconds: 10,
  // A sent mail's job (which may hold a resume link) does not outlive the day.
  deleteAfterSeconds: 24 * 60 * 60,
  notify: true,
} as const;

/**
 * What a mail job holds. Account and letter mails are composed by the worker
 * (it looks the address up and issues the code or link itself), so the call
 * that asks for one does the same work whether or not the address has an
 * account, and no code or link waits in the queue in clear: such a job holds
 * only its kind and ids, and the feature that queues it gives the worker the
 * composer of that kind (workers.ts). Other mails travel ready-made.
 */
export type MailJob = ReadyMailJob | ComposedMailJob;

/**
 * A mail that travels ready-made. With a `onceKey`, the worker marks the key
 * as being sent before it asks the relay, records the relay's 250, skips a
 * retry of a mail the relay took, and gives every copy a Message-ID derived
 * from the key (once-keys.ts): only a mail in flight at a crash can reach the
 * relay twice, and then as the same message (decision 049).
 */
export type ReadyMailJob = { kind: 'message'; message: MailMessage; onceKey?: string };

/**
 * A job the worker composes when it sends it; its kind names its composer, its other fields are ids. A string
 * `onceKey` field gives it a ready mail's once-key treatment (decision 049): a message to a group (decision 066).
 */
export type ComposedMailJob = { kind: string; onceKey?: string; [field: string]: unknown };

export const isReadyMailJob = (job: MailJob): job is ReadyMailJob => job.kind === 'message';

/**
 * Turns a job of its kind into the message to send, or nothing when there is
 * nothing to send (the request was answered meanwhile, the address has no
 * account). On a retry (firstTry false) anything counted on the first try was
 * already counted.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each composer narrows the job of its own kind
export type MailComposer<Job extends ComposedMailJob = any> = ((
  job: Job,
  firstTry: boolean,
) => Promise<MailMessage | null | undefined>) & {
  /**
   * Optional: started with a batch's jobs of its kind while the worker marks the batch's once-keys, side by side,
   * so that a batch waits for one round trip before its first mail rather than two. Only for work that is
   * harmless for a job the worker then skips (its key says the relay has its mail): the composer is still
   * called for each job it sends, and must not count on this having run.
   */
  start?: (jobs: Job[]) => void;
};

/** The composers the mail worker is handed, by job kind. */
export type MailComposers = Readonly<Record<string, MailComposer>>;

/**
 * What a feature does when the relay refuses a mail of its kind for good (an
 * SMTP 5xx, or a bounce read later): record it (the letters mark the address
 * as a problem), and say whether that changed anything. The job then ends,
 * instead of being retried for a day to an address that will never take it.
 * Kinds without a handler are retried as before.
 */
export type MailRefusalHandlers = Readonly<Record<string, (job: ComposedMailJob, reason: string) => Promise<boolean>>>;

/** An SMTP answer that will not change on a retry: 5xx to the recipient or the message. */
export function isPermanentRefusal(err: unknown): err is Error & { responseCode: number; response?: string } {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Worker ids of this process's mail workers, woken as soon as a response that queued a mail is sent. */
const localWorkers = new WeakMap<object, string>();
const queuedSinceWake = new WeakSet<object>();

export function registerLocalMailWorker(jobs: AppDeps['jobs'], workerId: string): void {
  localWorkers.set(jobs, workerId);
}

/**
 * Queues a mail; it is sent after the call has answered, retried until the
 * relay takes it. Resolves once the job is stored, so an acknowledged request
 * never loses its mail.
 */
export async function enqueueMail({ jobs }: Pick<AppDeps, 'jobs'>, job: MailJob): Promise<void> {
  await sendMail(jobs, job);
}

/**
 * Waits until the job queue has started (a process starts it a moment after
 * listening). Call it before opening a transaction that queues a mail: on
 * PGlite, a queue starting while that transaction holds the one connection
 * would wait for it, and it for the queue.
 */
export async function mailQueueReady({ jobs }: Pick<AppDeps, 'jobs'>): Promise<void> {
  await jobs.getQueue(MAIL_QUEUE);
}

/**
 * Queues a mail in the caller's transaction: the record that asks for it and
 * the mail job commit together or not at all, so a process that dies between
 * the two loses neither (pg-boss writes the job through the transaction).
 */
export async function enqueueMailIn({ jobs }: Pick<AppDeps, 'jobs'>, tx: Queryable, job: MailJob): Promise<void> {
  await sendMail(jobs, job, tx);
}

/**
 * Queues ready-made mails inside the caller's transaction: they exist exactly
 * when what they announce was committed (a release), never twice and never
 * without it. They are sent once the transaction has committed; the caller's
 * response wakes the local worker as enqueueMail does.
 */
export async function enqueueMailsIn(
  { jobs }: Pick<AppDeps, 'jobs'>,
  tx: Queryable,
  messages: readonly { message: MailMessage; onceKey?: string }[],
): Promise<void> {
  if (messages.length === 0) return;
  await jobs.insert(
    MAIL_QUEUE,
    messages.map((m) => ({ data: { kind: 'message', ...m } satisfies ReadyMailJob })),
    throughTransaction(tx),
  );
  queuedSinceWake.add(jobs);
}

/**
 * Queues composed mails (ids only) inside the caller's transaction, in one statement whatever their number: the
 * rows that ask for them and their jobs commit together or not at all (a message to a group, decision 066).
 */
export async function enqueueComposedMailsIn(
  { jobs }: Pick<AppDeps, 'jobs'>,
  tx: Queryable,
  mails: readonly ComposedMailJob[],
): Promise<void> {
  if (mails.length === 0) return;
  await jobs.insert(
    MAIL_QUEUE,
    mails.map((data) => ({ data })),
    throughTransaction(tx),
  );
  queuedSinceWake.add(jobs);
}

/** Stores one mail job (in the caller's transaction when given) and has the response wake the local worker. */
async function sendMail(jobs: JobQueue, job: MailJob, tx?: Queryable): Promise<void> {
  await jobs.send(MAIL_QUEUE, job, tx && throughTransaction(tx));
  queuedSinceWake.add(jobs);
}

/** The option that has pg-boss write its job through the caller's transaction (Queryable.query defaults the values). */
const throughTransaction = (tx: Queryable) => ({
  db: { executeSql: (text: string, values?: unknown[]) => tx.query(text, values) },
});

/**
 * Wakes this process's mail worker now: for mail queued by a job rather than a request (a message to a group's
 * batch, handed out by the messages job), which no response wakes. Other processes' workers pick it up at their
 * next poll.
 */
export function wakeMailWorker({ jobs }: Pick<AppDeps, 'jobs'>): void {
  const local = localWorkers.get(jobs);
  if (local) jobs.notifyWorker(local);
}

/**
 * Wakes this process's mail worker once the answer is out (an onResponse
 * hook, app.ts): the mail is composed and sent after the caller has its
 * answer, never while the answer is being written, so what a mail costs
 * never shows in the time of the call. Other processes' workers pick a job
 * up at their next poll.
 */
export function registerMailWake(app: FastifyInstance, { jobs }: Pick<AppDeps, 'jobs'>): void {
  app.addHook('onResponse', async () => {
    if (!queuedSinceWake.has(jobs)) return;
    queuedSinceWake.delete(jobs);
    const local = localWorkers.get(jobs);
    if (local) jobs.notifyWorker(local);
  });
}
