import type {
  MessageCounts,
  MessagePreview,
  MessageRecipientsResponse,
  StaffMessage,
  StaffMessagesResponse,
} from '@admissions/domain';
import { messageBody, messagePreviewBody, messageRecipientsQuery } from '@admissions/domain/schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { isUuid } from '../../http/is-uuid';
import { parseBody } from '../../http/parse-body';
import type { Queryable } from '../../infra/db/db';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf, type StaffAccess } from '../../session/staff-access';
import { enqueueMailIn, mailQueueReady } from '../mail';
import { assertStaffSeesApplication, freshenConsoleIndex } from '../staff';
import {
  deleteDraft,
  fixedRecipients,
  insertDraft,
  listMessageRows,
  messageRow,
  recipientCounts,
  toStaffMessage,
  updateDraft,
  type MessageRow,
} from './message-store';
import {
  assertKnownPlaceholders,
  placeholderValues,
  recipientFacts,
  renderMessage,
  sampleValues,
  type RenderedMessage,
} from './render-message';
import { segmentApplications, validateSegment, type SegmentTarget } from './segment';

type MessageParams = { id: string };

/** The prefix of a test send's subject: the member sees at a glance that no applicant got it. */
export const TEST_SUBJECT_PREFIX = '[Test] ';

/** A message's segment, category and the programs it is narrowed to. */
export const targetOf = (row: Pick<MessageRow, 'segment' | 'category' | 'programs'>): SegmentTarget => ({
  segment: row.segment,
  category: row.category,
  programs: row.programs,
});

/**
 * Whether a member may see a message: every member with the right sees the messages of every program, a member
 * limited to programs only those narrowed to some of theirs (its recipients' names are applications they may see).
 */
export function messageVisibleTo(access: Pick<StaffAccess, 'programs'>, row: Pick<MessageRow, 'programs'>): boolean {
  const mine = access.programs;
  if (mine === null) return true;
  return row.programs !== null && row.programs.every((p) => mine.includes(p));
}

/**
 * Composing the office's messages to groups (issue 46, decision 066), under /api/staff behind the staff check and
 * each behind the `message` right: the list of messages, one message, a draft written, changed and deleted, who it
 * would reach (or did), a preview for one recipient and a test send to the member's own address. A draft's segment
 * is the console list's own filters (segment.ts), narrowed to the writer's programs; its placeholders are checked
 * when it is saved (render-message.ts). Every read and write is in the audit log, a write in its transaction.
 * Sending, scheduling and stopping are sending-routes.ts's.
 */
export function composeMessageRoutes(deps: AppDeps, ctx: FormContext) {
  const message = requireRight(deps, 'message');
  const now = () => deps.clock.now();

  /** The message named by the route, if the member may see it (404 otherwise, as for none). */
  async function visibleMessage(
    req: FastifyRequest<{ Params: MessageParams }>,
    db: Queryable = deps.db,
    lock = false,
  ): Promise<MessageRow> {
    const { id } = req.params;
    const row = isUuid(id) ? await messageRow(db, id.toLowerCase(), lock) : undefined;
    if (!row || !messageVisibleTo(staffAccessOf(req), row)) throw new AppError('NOT_FOUND');
    return row;
  }

  /** A message as the office sees it: the estimate now while it is a draft or scheduled, else its fixed counts. */
  async function present(rows: readonly MessageRow[], fresh = false): Promise<StaffMessage[]> {
    if (!fresh && rows.some(open)) await freshenConsoleIndex(deps, ctx);
    const counts = await recipientCounts(
      deps.db,
      rows.filter((r) => !open(r)).map((r) => r.id),
    );
    const out: StaffMessage[] = [];
    for (const row of rows) {
      const fixed = counts.get(row.id) ?? null;
      out.push(toStaffMessage(row, open(row) ? await estimateOf(row) : reached(fixed), fixed));
    }
    return out;
  }

  /** Who the segment reaches now, less the suppressed; 0 for a segment no longer valid (a stage deleted since). */
  async function estimateOf(row: MessageRow): Promise<number> {
    try {
      return (await segmentApplications(deps, ctx, targetOf(row), { limit: 0, fresh: true })).estimated;
    } catch (err) {
      if (err instanceof AppError && err.code === 'MESSAGE_SEGMENT_INVALID') return 0;
      throw err;
    }
  }

  /**
   * The message rendered for one recipient: the application named (404 unless the message reaches it), else the
   * first who would receive it (or the first reached), else sample values. A recipient already sent the message
   * is shown what they were sent.
   */
  async function rendered(
    row: MessageRow,
    applicationId: string | undefined,
  ): Promise<{ applicationId: string | null; message: Pick<RenderedMessage, 'subject' | 'body' | 'text' | 'html'> }> {
    const chosen = open(row) ? await segmentRecipient(row, applicationId) : await fixedRecipient(row, applicationId);
    if (chosen === null) return { applicationId: null, message: renderMessage(deps, row, sampleValues(deps)) };
    if (chosen.sent) {
      const again = renderMessage(deps, { subject: chosen.sent.subject, body: chosen.sent.body }, sampleValues(deps));
      return { applicationId: chosen.userId, message: { ...again, subject: chosen.sent.subject } };
    }
    const [facts] = await recipientFacts(deps.db, [chosen.userId]);
    if (!facts) return { applicationId: null, message: renderMessage(deps, row, sampleValues(deps)) };
    const values = await placeholderValues(deps, ctx, deps.db, [facts], [row.subject, row.body]);
    return { applicationId: chosen.userId, message: renderMessage(deps, row, values.get(facts.user_id)!) };
  }

  async function segmentRecipient(row: MessageRow, applicationId: string | undefined) {
    const target = targetOf(row);
    if (applicationId) {
      const found = await segmentApplications(deps, ctx, target, { applicationIds: [applicationId] });
      if (!found.rows[0]) throw new AppError('NOT_FOUND');
      return { userId: found.rows[0].user_id, sent: null };
    }
    const first = await segmentApplications(deps, ctx, target, { limit: 50 });
    const pick = first.rows.find((r) => r.suppressed_reason === null) ?? first.rows[0];
    return pick ? { userId: pick.user_id, sent: null } : null;
  }

  async function fixedRecipient(row: MessageRow, applicationId: string | undefined) {
    const { rows } = await deps.db.query<{ user_id: string; subject: string | null; body: string | null }>(
      `SELECT user_id, subject, body FROM staff_message_recipients
       WHERE message_id = $1 AND ($2::uuid IS NULL OR user_id = $2::uuid)
       ORDER BY (state = 'sent') DESC, (state <> 'suppressed') DESC, user_id LIMIT 1`,
      [row.id, applicationId ?? null],
    );
    const r = rows[0];
    if (!r) {
      if (applicationId) throw new AppError('NOT_FOUND');
      return null;
    }
    return {
      userId: r.user_id,
      sent: r.subject !== null && r.body !== null ? { subject: r.subject, body: r.body } : null,
    };
  }

  return async (app: FastifyInstance) => {
    app.get('/messages', { preHandler: message }, async (req, reply): Promise<StaffMessagesResponse> => {
      const access = staffAccessOf(req);
      const [rows] = await Promise.all([
        listMessageRows(deps.db),
        recordStaffRead(deps.db, staffOf(req), null, 'view-messages', {}, now()),
      ]);
      reply.header('cache-control', 'no-store');
      return {
        messages: await present(rows.filter((r) => messageVisibleTo(access, r))),
        time_zone: deps.config.tenant.time_zone,
      };
    });

    app.get<{ Params: MessageParams }>('/messages/:id', { preHandler: message }, async (req, reply) => {
      const row = await visibleMessage(req);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-messages', { message: row.id, name: row.name }, now());
      reply.header('cache-control', 'no-store');
      return (await present([row]))[0]!;
    });

    app.post('/messages', { preHandler: message }, async (req, reply) => {
      const body = parseBody(messageBody, req.body);
      assertKnownPlaceholders(body.subject, body.body);
      const access = staffAccessOf(req);
      await validateSegment(deps, body.segment, access.programs);
      const id = await deps.db.transaction(async (tx) => {
        const made = await insertDraft(tx, body, access, now());
        await recordStaffRead(
          tx,
          staffOf(req),
          null,
          'message-save',
          { message: made, name: body.name, created: true },
          now(),
        );
        return made;
      });
      return reply.code(201).send((await present([(await messageRow(deps.db, id))!]))[0]);
    });

    app.put<{ Params: MessageParams }>('/messages/:id', { preHandler: message }, async (req) => {
      const body = parseBody(messageBody, req.body);
      assertKnownPlaceholders(body.subject, body.body);
      const before = await visibleMessage(req);
      await validateSegment(deps, body.segment, before.programs);
      await deps.db.transaction(async (tx) => {
        const row = await visibleMessage(req, tx, true);
        if (row.state !== 'draft' || !(await updateDraft(tx, row.id, body, row.programs, now())))
          throw new AppError('MESSAGE_NOT_DRAFT');
        await recordStaffRead(tx, staffOf(req), null, 'message-save', { message: row.id, name: body.name }, now());
      });
      return (await present([(await messageRow(deps.db, before.id))!]))[0]!;
    });

    // Answers JSON like every other call (the web's client reads every answer as JSON).
    app.delete<{ Params: MessageParams }>('/messages/:id', { preHandler: message }, async (req) => {
      const id = await deps.db.transaction(async (tx) => {
        const row = await visibleMessage(req, tx, true);
        if (row.state !== 'draft' || !(await deleteDraft(tx, row.id))) throw new AppError('MESSAGE_NOT_DRAFT');
        await recordStaffRead(tx, staffOf(req), null, 'message-delete', { message: row.id, name: row.name }, now());
        return row.id;
      });
      return { id, deleted: true };
    });

    app.get<{ Params: MessageParams }>(
      '/messages/:id/recipients',
      { preHandler: message },
      async (req, reply): Promise<MessageRecipientsResponse> => {
        const { limit } = parseBody(messageRecipientsQuery, req.query);
        const row = await visibleMessage(req);
        const answer = await recipientsOf(row, limit);
        await recordStaffRead(
          deps.db,
          staffOf(req),
          null,
          'view-messages',
          { message: row.id, name: row.name, part: 'recipients', total: answer.total },
          now(),
        );
        reply.header('cache-control', 'no-store');
        return answer;
      },
    );

    app.post<{ Params: MessageParams }>('/messages/:id/preview', { preHandler: message }, async (req, reply) => {
      const body = parseBody(messagePreviewBody, req.body);
      const row = await visibleMessage(req);
      const named = body.application_id?.toLowerCase();
      if (named) await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), named);
      const { applicationId, message: m } = await rendered(row, named);
      await recordStaffRead(
        deps.db,
        staffOf(req),
        applicationId,
        'view-messages',
        { message: row.id, name: row.name, part: 'preview' },
        now(),
      );
      reply.header('cache-control', 'no-store');
      return { application_id: applicationId, subject: m.subject, body: m.body } satisfies MessagePreview;
    });

    app.post<{ Params: MessageParams }>('/messages/:id/test', { preHandler: message }, async (req) => {
      const row = await visibleMessage(req);
      const to = staffAccessOf(req).email;
      const { applicationId, message: m } = await rendered(row, undefined);
      const subject = `${TEST_SUBJECT_PREFIX}${m.subject}`;
      await mailQueueReady(deps);
      await deps.db.transaction(async (tx) => {
        await enqueueMailIn(deps, tx, {
          kind: 'message',
          message: { to, subject, text: m.text, html: m.html, kind: 'staff-message-test' },
        });
        await recordStaffRead(
          tx,
          staffOf(req),
          applicationId,
          'message-test',
          { message: row.id, name: row.name, to },
          now(),
        );
      });
      return { to, application_id: applicationId, subject, body: m.body };
    });
  };

  async function recipientsOf(row: MessageRow, limit: number): Promise<MessageRecipientsResponse> {
    if (open(row)) {
      const found = await segmentApplications(deps, ctx, targetOf(row), { limit });
      return {
        total: found.total,
        recipients: found.rows.map((r) => ({
          application_id: r.user_id,
          name: `${r.first_name} ${r.last_name}`.trim(),
          email: r.email,
          program: r.program,
          state: r.suppressed_reason ? 'suppressed' : 'would_receive',
          suppressed_reason: r.suppressed_reason,
        })),
      };
    }
    const fixed = await fixedRecipients(deps.db, row.id, limit);
    return {
      total: fixed.total,
      recipients: fixed.rows.map((r) => ({
        application_id: r.user_id,
        name: `${r.first_name ?? ''} ${r.last_name ?? ''}`.trim(),
        email: r.email,
        program: r.program ?? '',
        state: r.state,
        suppressed_reason: r.suppressed_reason,
      })),
    };
  }
}

/** A message whose recipients are not fixed yet: the segment decides them now. */
const open = (row: Pick<MessageRow, 'state'>) => row.state === 'draft' || row.state === 'scheduled';

/** A fixed list's recipients less its suppressed ones. */
const reached = (counts: MessageCounts | null) => (counts ? counts.recipients - counts.suppressed : 0);
