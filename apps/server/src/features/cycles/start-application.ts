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
import { applicationsToStart, inCycle, type AccountApplicationRow, type StartCheckRow } from './account-applications';
import { insertStartedApplication } from './insert-started-application';
import { lockAccount, moveToPastOwner } from './move-to-past-owner';

/** The tenant's limit of applications per account in one cycle; one when it names none (issue 42). */
export const applicationLimit = (tenant: AppDeps['config']['tenant']) => tenant.max_applications_per_cycle ?? 1;

/** Where the new application goes: the account's own row while it holds nothing of this cycle, else a new owner. */
const usesAccountRow = (own: StartCheckRow, cycleId: string) => !own.started || !inCycle(own, cycleId);

/**
 * A program's deadline, worked out once for its zone, local time and grace: deadlineOf reads the zone's offsets
 * through Intl, a tenth of a millisecond a start.
 */
const deadlines = new Map<string, ReturnType<typeof deadlineOf>>();
const deadlineOfProgram = (
  tenant: AppDeps['config']['tenant'],
  program: AppDeps['config']['tenant']['programs'][number],
) => {
  const key = `${tenant.time_zone} ${program.deadline} ${program.grace_minutes ?? 0}`;
  if (!deadlines.has(key)) deadlines.set(key, deadlineOf(tenant, program.code));
  return deadlines.get(key);
};

/** The view state a copy takes, once per form (copiedViewKeys walks the copied pages). */
const viewKeysOf = new WeakMap<FormContext['form'], readonly string[]>();
const copiedViewKeysOf = (form: FormContext['form']) => {
  let keys = viewKeysOf.get(form);
  if (!keys) viewKeysOf.set(form, (keys = copiedViewKeys(form)));
  return keys;
};

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>;

/**
 * POST /api/applications (issue 42): a new application in the open cycle, for one program, made current for
 * this session. Copied from another of this cycle's applications when asked: its About You and Education
 * answers but the program's own (copiedAnswers), the blocks and tabs those pages show, and its converted
 * documents; never letters, submission or decision. One repeatable-read transaction of two statements: the
 * account's applications as the checks need them (applicationsToStart) decide the limit, the one program and
 * where the application goes; the write takes the account's lock and fails with 40001 if another start changed
 * the account since that read (insertStartedApplication), and the start reads again. The documents' files are
 * copied while the rows are written, and removed again if the transaction does not commit (a file removed in
 * another tab meanwhile is left out). Answers the new application as the account's list shows it, built from
 * what was read and written.
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
  const deadline = deadlineOfProgram(tenant, program);
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
        const rows = await applicationsToStart(tx, session.accountId, body.copy_from ?? null);
        const own = rows.find((r) => r.id === session.accountId);
        if (!own) throw new AppError('UNAUTHORIZED');
        const source = checkedStart(rows, body, answers, deps.config.tenant);
        // The first start in a new cycle: the account's row still holds a closed cycle's application.
        if (own.started && !inCycle(own, cycleId)) {
          const account = await lockAccount(tx, session.accountId);
          if (!account) throw new AppError('UNAUTHORIZED');
          await moveToPastOwner(tx, account, now);
        }
        const target = usesAccountRow(own, cycleId) ? session.accountId : randomUUID();
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
            viewKeys: copiedViewKeysOf(ctx.form),
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

/** The checks the list decides (the write's lock confirms nothing changed since); answers the source, if any. */
function checkedStart(
  rows: StartCheckRow[],
  body: StartApplicationBody,
  answers: Answers,
  tenant: Deps['config']['tenant'],
): StartCheckRow | undefined {
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
});
