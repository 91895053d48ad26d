import {
  copiedAnswerKeys,
  copiedViewKeys,
  deadlineOf,
  isCopiedKey,
  type Answers,
  type StartApplicationBody,
} from '@admissions/domain';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import type { Session } from '../../session/session-store';
import { dropDocumentCopies, planDocumentCopies, type DocumentCopies, type Log } from '../documents';
import { inCycle, lockedAccountApplications, type AccountApplicationRow } from './account-applications';
import { insertStartedApplication } from './insert-started-application';
import { lockAccount, moveToPastOwner } from './move-to-past-owner';

/** The tenant's limit of applications per account in one cycle; one when it names none (issue 42). */
export const applicationLimit = (tenant: AppDeps['config']['tenant']) => tenant.max_applications_per_cycle ?? 1;

/** Where the new application goes: the account's own row while it holds nothing of this cycle, else a new owner. */
const usesAccountRow = (own: AccountApplicationRow | undefined, cycleId: string) =>
  !own?.started || !inCycle(own, cycleId);

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>;

/**
 * POST /api/applications (issue 42): a new application in the open cycle, for one program, made current for
 * this session. Copied from another of this cycle's applications when asked: its About You and Education
 * answers but the program's own (copiedAnswers), the blocks and tabs those pages show, and its converted
 * documents; never letters, submission or decision. One repeatable-read transaction under the account's lock:
 * the list read with the lock decides the limit, the one program and where the application goes; the documents' files are copied
 * while the rows are written, and removed again if the transaction does not commit (a file removed in another
 * tab meanwhile is left out). Answers the new application as the account's list shows it.
 */
export async function startApplication(
  deps: Deps,
  ctx: FormContext,
  session: Pick<Session, 'accountId' | 'idHash'>,
  body: StartApplicationBody,
  log: Log,
): Promise<AccountApplicationRow> {
  const { tenant } = deps.config;
  const program = tenant.programs.find((p) => p.code === body.program);
  if (!program) throw new AppError('PROGRAM_UNKNOWN');
  if (body.term !== undefined && !program.terms.includes(body.term)) throw new AppError('TERM_UNKNOWN');
  const deadline = deadlineOf(tenant, program.code);
  if (deadline && deps.clock.now() >= deadline.acceptedUntil) throw new AppError('PROGRAM_CLOSED');
  const answers: Answers = { applied_major: program.code, ...(body.term ? { entry_term: body.term } : {}) };
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(deps, ctx, session, body, answers, log);
    } catch (err) {
      // Another start of this account (another tab) committed after this one's snapshot: read again.
      if ((err as { code?: unknown } | null)?.code !== '40001' || attempt >= START_ATTEMPTS) throw err;
    }
  }
}

/** A start that meets another start of the same account committing first reads again, this often at most. */
const START_ATTEMPTS = 3;

async function startOnce(
  deps: Deps,
  ctx: FormContext,
  session: Pick<Session, 'accountId' | 'idHash'>,
  body: StartApplicationBody,
  answers: Answers,
  log: Log,
): Promise<AccountApplicationRow> {
  const cycleId = deps.config.tenant.cycle.id;
  let documents: DocumentCopies | undefined;
  try {
    return await deps.db.transaction(
      async (tx) => {
        const now = deps.clock.now();
        const rows = await lockedAccountApplications(tx, session.accountId, body.copy_from ?? null);
        if (!rows.some((r) => r.id === session.accountId)) throw new AppError('UNAUTHORIZED');
        const source = checkedStart(rows, body, answers, deps.config.tenant);
        if (rows[0]?.started && !inCycle(rows[0], cycleId))
          await moveToPastOwner(tx, (await lockAccount(tx, session.accountId))!, now);
        const target = usesAccountRow(rows[0], cycleId) ? session.accountId : randomUUID();
        documents = source?.documents
          ? planDocumentCopies(deps.storage, source.documents, target, (key) => isCopiedKey(ctx.form, key))
          : undefined;
        const written = insertStartedApplication(tx, {
          accountId: session.accountId,
          target,
          now,
          source: source && {
            id: source.id,
            answerKeys: copiedAnswerKeys(ctx.form),
            viewKeys: copiedViewKeys(ctx.form),
          },
          answers,
          documents,
          sessionIdHash: session.idHash,
        });
        // The files and the rows side by side; both settle before the transaction ends either way.
        const [rowsDone, filesDone] = await Promise.allSettled([written, documents?.copyFiles()]);
        if (rowsDone.status === 'rejected') throw rowsDone.reason;
        if (filesDone.status === 'rejected') throw filesDone.reason;
        if (filesDone.value?.length) await dropDocumentCopies(tx, filesDone.value);
        return startedRow(target, cycleId, answers);
      },
      { isolation: 'repeatable read' },
    );
  } catch (err) {
    await documents?.discard(log);
    throw err;
  }
}

/** The checks the list read under the lock decides; answers the application copied from, if any. */
function checkedStart(
  rows: AccountApplicationRow[],
  body: StartApplicationBody,
  answers: Answers,
  tenant: Deps['config']['tenant'],
): AccountApplicationRow | undefined {
  const source = body.copy_from === undefined ? undefined : rows.find((r) => r.id === body.copy_from);
  if (body.copy_from !== undefined && !source) throw new AppError('NOT_FOUND');
  if (source && !inCycle(source, tenant.cycle.id)) throw new AppError('COPY_FROM_OTHER_CYCLE');
  const open = rows.filter((r) => r.started && inCycle(r, tenant.cycle.id));
  if (open.length >= applicationLimit(tenant)) throw new AppError('APPLICATION_LIMIT');
  if (open.some((r) => r.program === answers.applied_major)) throw new AppError('PROGRAM_ALREADY_APPLIED');
  return source;
}

/** The new application as accountApplications would read it back: started, in progress, nothing decided. */
const startedRow = (id: string, cycleId: string, answers: Answers): AccountApplicationRow => ({
  id,
  cycle_id: cycleId,
  program: answers.applied_major ?? null,
  term: answers.entry_term ?? null,
  submitted_at: null,
  kept_basis: null,
  withdrawn: false,
  released: false,
  response: null,
  released_code: null,
  started: true,
  documents: null,
});
