import { copiedAnswers, deadlineOf, isCopiedKey, type Answers, type StartApplicationBody } from '@admissions/domain';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../../app-deps';
import { findApplication, mergeAnswers } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import type { Session } from '../../session/session-store';
import { copyDocumentFiles, insertDocumentCopies, type Log } from '../documents';
import { accountApplications, inCycle, type AccountApplicationRow } from './account-applications';
import { insertOwner, lockAccount, moveToPastOwner } from './move-to-past-owner';
import { openApplication } from './open-application';

/** The tenant's limit of applications per account in one cycle; one when it names none (issue 42). */
export const applicationLimit = (tenant: AppDeps['config']['tenant']) => tenant.max_applications_per_cycle ?? 1;

/** Where the new application goes: the account's own row while it holds nothing of this cycle, else a new owner. */
const usesAccountRow = (own: AccountApplicationRow | undefined, cycleId: string) =>
  !own?.started || !inCycle(own, cycleId);

/**
 * POST /api/applications (issue 42): a new application in the open cycle, for one program, made current for
 * this session. Copied from another of this cycle's applications when asked: its About You and Education
 * answers but the program's own (copiedAnswers) and its converted documents; never letters, submission or
 * decision. The rows are written in one transaction under the account's lock (the limit and the one program
 * are checked there); the documents' files are copied just before it and removed again if it fails.
 */
export async function startApplication(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config' | 'storage'>,
  ctx: FormContext,
  session: Pick<Session, 'accountId' | 'idHash'>,
  body: StartApplicationBody,
  log: Log,
): Promise<string> {
  const { tenant } = deps.config;
  const cycleId = tenant.cycle.id;
  const program = tenant.programs.find((p) => p.code === body.program);
  if (!program) throw new AppError('PROGRAM_UNKNOWN');
  if (body.term !== undefined && !program.terms.includes(body.term)) throw new AppError('TERM_UNKNOWN');
  const deadline = deadlineOf(tenant, program.code);
  if (deadline && deps.clock.now() >= deadline.acceptedUntil) throw new AppError('PROGRAM_CLOSED');

  const before = await accountApplications(deps.db, session.accountId);
  const source = body.copy_from === undefined ? undefined : before.find((r) => r.id === body.copy_from);
  if (body.copy_from !== undefined && !source) throw new AppError('NOT_FOUND');
  if (source && !inCycle(source, cycleId)) throw new AppError('COPY_FROM_OTHER_CYCLE');
  const target = usesAccountRow(before[0], cycleId) ? session.accountId : randomUUID();
  const copies = source
    ? await copyDocumentFiles(deps, source.id, target, (key) => isCopiedKey(ctx.form, key), log)
    : undefined;
  try {
    await deps.db.transaction(async (tx) => {
      const now = deps.clock.now();
      const account = await lockAccount(tx, session.accountId);
      if (!account) throw new AppError('UNAUTHORIZED');
      const rows = await accountApplications(tx, session.accountId);
      // Another tab started one between the first read and the lock: this one is refused, not misplaced.
      if (usesAccountRow(rows[0], cycleId) !== (target === session.accountId))
        throw new AppError('APPLICATION_CHANGED');
      const open = rows.filter((r) => r.started && inCycle(r, cycleId));
      if (open.length >= applicationLimit(tenant)) throw new AppError('APPLICATION_LIMIT');
      if (open.some((r) => r.program === program.code)) throw new AppError('PROGRAM_ALREADY_APPLIED');
      if (rows[0]?.started && !inCycle(rows[0], cycleId)) await moveToPastOwner(tx, account, now);
      if (target !== session.accountId) await insertOwner(tx, account, now, target);
      const copied: Answers = source
        ? copiedAnswers(ctx.form, (await findApplication(tx, source.id))?.answers ?? {})
        : {};
      const answers: Answers = {
        ...copied,
        applied_major: program.code,
        ...(body.term ? { entry_term: body.term } : {}),
      };
      await mergeAnswers(tx, target, answers, now);
      if (copies) await insertDocumentCopies(tx, copies, now);
      await openApplication(tx, session.idHash, target === session.accountId ? null : target);
    });
  } catch (err) {
    await copies?.discard(log);
    throw err;
  }
  return target;
}
