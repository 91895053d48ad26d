import { normalizeEmail, type AuditResponse } from '@admissions/domain';
import { auditQuery } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { parseBody } from '../../http/parse-body';
import { PAGE_VIEW_ACTIONS, recordStaffRead } from '../../session/audit-log';
import { memberNameSql } from '../../session/member-name';
import { staffOf } from '../../session/require-staff';
import { requireRight, seesProgram, staffAccessOf } from '../../session/staff-access';
import { auditSummary } from './audit-summary';
import { refuseOwnApplications } from './own-application';
import { searchWords } from './search-fold';
import { loadStages } from './stages-repository';

const PAGE_SIZE = 50;

/** LIKE's own wildcards in a search term are searched for literally. */
const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

interface EntryRow {
  id: string;
  staff_email: string;
  staff_name: string | null;
  application_user_id: string | null;
  action: string;
  count: number;
  first_at: Date;
  created_at: Date;
  detail: Record<string, unknown>;
  again: boolean;
  first_name: string | null;
  last_name: string | null;
  program: string | null;
}

/**
 * The entries: the matching rows up to `upto`, the page views (PAGE_VIEW_ACTIONS) of one member, one
 * application (or none) and one action within one minute folded into one (every other row is its own group,
 * by its id), newest first by their newest row. Each entry takes the detail of its newest row, the member's
 * name from the team (issue 49), and the applicant's name and program from the office's index.
 */
const ENTRIES_SQL = (where: string, limit: number, offset: number) => `
  WITH matched AS (
    SELECT a.id, a.staff_email, a.application_user_id, a.action, a.created_at,
      CASE WHEN a.action = ANY ($2::text[]) THEN date_trunc('minute', a.created_at) END AS fold_minute,
      CASE WHEN a.action = ANY ($2::text[]) THEN NULL ELSE a.id END AS own_id
    FROM staff_audit_log a ${where}),
  entries AS (
    SELECT max(id) AS id, staff_email, application_user_id, action, count(*)::int AS count,
      min(created_at) AS first_at, max(created_at) AS created_at
    FROM matched GROUP BY staff_email, application_user_id, action, fold_minute, own_id
    ORDER BY max(id) DESC LIMIT ${limit} OFFSET ${offset})
  SELECT e.id, e.staff_email, ${memberNameSql('e.staff_email')} AS staff_name, e.application_user_id, e.action, e.count, e.first_at, e.created_at, l.detail,
    (e.action = 'request-item' AND EXISTS (
      SELECT 1 FROM staff_audit_log p
      WHERE p.application_user_id = e.application_user_id AND p.action = 'request-item'
        AND p.detail->>'item_key' = l.detail->>'item_key' AND p.id < e.id)) AS again,
    i.first_name, i.last_name, i.program
  FROM entries e
  JOIN staff_audit_log l ON l.id = e.id
  LEFT JOIN staff_application_index i ON i.user_id = e.application_user_id
  ORDER BY e.id DESC`;

/**
 * The audit log viewer's data (administrators): newest first, by member, application, the applicant's name
 * (searched as the console's list searches, search-fold.ts) and action; page views folded per member and
 * minute, each entry in words (audit-summary.ts). The rows of the administrator's own application are left
 * out, and asking for them by id is refused (OWN_APPLICATION): they carry the office's work on it, down to a
 * review's amended scores and comment.
 *
 * Paging is by offset over the folded entries, of the rows up to the newest the first page read (`upto`), so
 * later pages neither shift nor change as rows are written. Folding groups every matching row: the filters
 * (member, application, name) narrow it through the log's indexes.
 */
export function auditRoutes(deps: AppDeps, ctx: FormContext) {
  return async (app: FastifyInstance) => {
    app.get('/audit', { preHandler: requireRight(deps, 'manage_team') }, async (req): Promise<AuditResponse> => {
      const query = parseBody(auditQuery, req.query);
      const access = staffAccessOf(req);
      if (query.application) await refuseOwnApplications(deps, access, [query.application]);
      const params: unknown[] = [access.userId, PAGE_VIEW_ACTIONS];
      const conditions: string[] = [
        `(a.application_user_id IS NULL OR a.application_user_id NOT IN (SELECT id FROM users WHERE id = $1 OR application_of = $1))`,
      ];
      const where = (sql: (param: string) => string, value: unknown) => {
        params.push(value);
        conditions.push(sql(`$${params.length}`));
      };
      const { rows: newest } = await deps.db.query<{ id: string | null }>(
        'SELECT max(id)::text AS id FROM staff_audit_log',
      );
      const upto = query.upto ?? newest[0]?.id ?? null;
      if (upto !== null) where((p) => `a.id <= ${p}::bigint`, upto);
      if (query.member) where((p) => `a.staff_email = ${p}`, normalizeEmail(query.member));
      if (query.application) where((p) => `a.application_user_id = ${p}`, query.application);
      if (query.action) where((p) => `a.action = ${p}`, query.action);
      const words = searchWords(query.name ?? '').slice(0, 5);
      if (words.length > 0) {
        // Each word of the name under each of its spellings, as the console's list looks (console-list.ts).
        const likes = words.map((spellings) => {
          const one = spellings.map((spelling) => {
            params.push(likePattern(spelling));
            return `s.search_text LIKE $${params.length}`;
          });
          return one.length === 1 ? one[0]! : `(${one.join(' OR ')})`;
        });
        conditions.push(
          `a.application_user_id IN (SELECT s.user_id FROM staff_application_index s WHERE ${likes.join(' AND ')})`,
        );
      }
      const [{ rows }, stages] = await Promise.all([
        deps.db.query<EntryRow>(
          ENTRIES_SQL(`WHERE ${conditions.join(' AND ')}`, PAGE_SIZE + 1, (query.page - 1) * PAGE_SIZE),
          params,
        ),
        loadStages(deps.db),
      ]);
      await recordStaffRead(deps.db, staffOf(req), null, 'view-audit', { ...query }, deps.clock.now());
      const labels = {
        decisions: deps.config.tenant.decisions,
        stages: new Map(stages.map((s) => [s.id, s.label])),
        form: ctx.form,
      };
      return {
        entries: rows.slice(0, PAGE_SIZE).map((r) => ({
          id: String(r.id),
          staff_email: r.staff_email,
          staff_name: r.staff_name,
          application_user_id: r.application_user_id,
          applicant_name: r.first_name !== null ? `${r.first_name} ${r.last_name ?? ''}`.trim() || null : null,
          may_open: r.program !== null && seesProgram(access, r.program),
          action: r.action,
          detail: r.detail,
          summary: auditSummary({ action: r.action, detail: r.detail, count: r.count, again: r.again }, labels),
          count: Number(r.count),
          first_at: new Date(r.first_at).toISOString(),
          created_at: new Date(r.created_at).toISOString(),
        })),
        upto,
        page: query.page,
        page_size: PAGE_SIZE,
        has_more: rows.length > PAGE_SIZE,
      };
    });
  };
}
