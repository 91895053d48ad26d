import { MAX_NOTE_LENGTH, normalizeEmail, type Note, type NotesResponse } from '@admissions/domain';
import { noteBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { recordStaffRead } from '../../session/audit-log';
import { staffOf } from '../../session/require-staff';
import { requireRight, staffAccessOf } from '../../session/staff-access';
import { assertStaffSeesApplication } from './application-detail';

type Params = { userId: string };
/** The author's name (issue 49), beside the address: null until they have one. */
const AUTHOR_NAME = `(SELECT m.name FROM staff_members m WHERE m.email = author_email AND NOT m.from_environment) AS author_name`;
interface NoteRow {
  id: string;
  author_email: string;
  author_name: string | null;
  text: string;
  created_at: Date;
}
const toNote = (r: NoteRow): Note => ({
  id: r.id,
  author: r.author_email,
  author_name: r.author_name,
  text: r.text,
  created_at: new Date(r.created_at).toISOString(),
});

/**
 * Notes on an application, for the team alone (decision 040): only these two
 * calls read staff_notes, so no applicant call, mail, PDF copy or print data
 * can carry one.
 */
export function notesRoutes(deps: AppDeps, ctx: FormContext) {
  const now = () => deps.clock.now();
  const read = { preHandler: requireRight(deps, 'read') };
  return async (app: FastifyInstance) => {
    app.post<{ Params: Params }>('/applications/:userId/notes', read, async (req, reply): Promise<Note> => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const text = parseBody(noteBody, req.body).text.trim();
      if (text.length === 0 || text.length > MAX_NOTE_LENGTH) throw new AppError('NOTE_EMPTY');
      const note = await deps.db.transaction(async (tx) => {
        const { rows } = await tx.query<NoteRow>(
          `INSERT INTO staff_notes (application_user_id, author_email, text, created_at) VALUES ($1, $2, $3, $4)
           RETURNING id, author_email, ${AUTHOR_NAME}, text, created_at`,
          [userId, normalizeEmail(staffOf(req).email), text, now()],
        );
        await recordStaffRead(
          tx,
          staffOf(req),
          userId,
          'note-add',
          { note_id: rows[0]!.id, length: text.length },
          now(),
        );
        return toNote(rows[0]!);
      });
      reply.code(201);
      return note;
    });

    app.get<{ Params: Params }>('/applications/:userId/notes', read, async (req): Promise<NotesResponse> => {
      const { userId } = req.params;
      await assertStaffSeesApplication(deps, ctx, staffAccessOf(req), userId);
      const { rows } = await deps.db.query<NoteRow>(
        `SELECT id, author_email, ${AUTHOR_NAME}, text, created_at FROM staff_notes
         WHERE application_user_id = $1 ORDER BY created_at, id`,
        [userId],
      );
      await recordStaffRead(deps.db, staffOf(req), userId, 'view-notes', { notes: rows.length }, now());
      return { notes: rows.map(toNote) };
    });
  };
}
