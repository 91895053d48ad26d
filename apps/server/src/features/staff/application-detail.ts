import {
  summaryLinks,
  validateAnswers,
  type StaffApplicationDetail,
  type StaffRecommendation,
} from '@admissions/domain';
import { waiverOf } from '../recommendations';
import { answersForJudging } from '../documents';
import { staffChecklist } from '../checklist';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { findApplication } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';
import { seesProgram, type StaffAccess } from '../../session/staff-access';
import { reindexApplications } from './console-index';
import { LIST_SOURCE, toListRow } from './console-list';
import { decisionLabels } from './decision-labels';
import { externalIdsOf } from './external-ids';
import type { ConvertedDocument } from './converted-documents';
import { listContextOf } from './stages-repository';
import { refuseOwnApplications } from './own-application';
import { refuseUnseenPrograms } from './program-limit-refusal';
import type { OtherApplications } from './other-applications';

export const documentUrl = (userId: string, answerKey: string) =>
  `/api/staff/applications/${userId}/documents/${encodeURIComponent(answerKey)}`;
export const packetUrl = (userId: string) => `/api/staff/applications/${userId}/packet`;

/** Whether the id names an applicant's application (not a staff account, not nothing). */
export async function assertApplicationExists(deps: AppDeps, ctx: FormContext, userId: string): Promise<void> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(userId)) throw new AppError('NOT_FOUND');
  const indexed = async () =>
    (await deps.db.query('SELECT 1 FROM staff_application_index WHERE user_id = $1', [userId])).rows.length > 0;
  if (await indexed()) return;
  // Changed since the refresher's last pass: index it now rather than answer "no such application".
  await reindexApplications(deps, ctx, [userId]);
  if (!(await indexed())) throw new AppError('NOT_FOUND');
}

/**
 * The application exists and the member may see its program; otherwise 404,
 * the same answer as for no application at all, so a member limited to some
 * programs learns nothing of the others; 403 OWN_APPLICATION for the member's
 * own (own-application.ts). Every staff call on one application (in any
 * feature) starts here.
 */
export async function assertStaffSeesApplication(
  deps: AppDeps,
  ctx: FormContext,
  access: StaffAccess,
  userId: string,
): Promise<void> {
  await refuseOwnApplications(deps, access, [userId]);
  await assertApplicationExists(deps, ctx, userId);
  if (access.programs === null) return;
  const { rows } = await deps.db.query<{ program: string }>(
    'SELECT program FROM staff_application_index WHERE user_id = $1',
    [userId],
  );
  if (!rows[0]) throw new AppError('NOT_FOUND');
  if (!seesProgram(access, rows[0].program)) await refuseUnseenPrograms(deps, access, [userId]);
}

/** Whether the member may see this application's program (the print view asks for its link's maker). */
export async function staffMaySeeApplication(
  deps: Pick<AppDeps, 'db'>,
  access: StaffAccess,
  userId: string,
): Promise<boolean> {
  if (access.programs === null) return true;
  const { rows } = await deps.db.query<{ program: string }>(
    'SELECT program FROM staff_application_index WHERE user_id = $1',
    [userId],
  );
  return rows[0] !== undefined && seesProgram(access, rows[0].program);
}

/**
 * One application for a reader: its header and status history from the
 * index row (freshly recomputed), the applicant's summary as it stands now
 * from the stored answers, and its documents.
 */
export async function loadApplicationDetail(
  deps: AppDeps,
  ctx: FormContext,
  userId: string,
  documents: ConvertedDocument[],
  recommendations: StaffRecommendation[],
  /** A blind reviewer's address: the scores stay hidden until their own review is submitted (blind-review.ts). */
  blindTo: string | null,
  /** The person's other applications, as the member may see them (other-applications.ts). */
  others: OtherApplications,
): Promise<StaffApplicationDetail> {
  await reindexApplications(deps, ctx, [userId]);
  const [indexRow, app, history, list, ownReview] = await Promise.all([
    deps.db.query<Parameters<typeof toListRow>[1]>(`SELECT * FROM ${LIST_SOURCE} WHERE user_id = $1`, [userId]),
    findApplication(deps.db, userId),
    deps.db.query<{ web_status: string; created_at: Date }>(
      `SELECT web_status, created_at FROM web_status_events WHERE user_id = $1
       ORDER BY created_at, array_position(ARRAY['started', 'validating', 'submitted'], web_status)`,
      [userId],
    ),
    listContextOf(deps.db, deps.clock.now()),
    blindTo === null
      ? null
      : deps.db.query(
          `SELECT 1 FROM reviews WHERE application_user_id = $1 AND reviewer_email = $2 AND status = 'submitted'`,
          [userId, blindTo],
        ),
  ]);
  const found = indexRow.rows[0];
  if (!found) throw new AppError('NOT_FOUND');
  // Counted with the others the page names, from the applications themselves: the index may not hold one
  // started a moment ago yet (the list counts what its index holds, and catches up on every call).
  const counted = { ...found, applications_by_person: 1 + others.inThisCycle };
  const row = ownReview && ownReview.rows.length === 0 ? { ...counted, overall_score: null, review_count: 0 } : counted;
  const { missing_count: _count, ...listRow } = toListRow(
    deps.config.tenant,
    row,
    list,
    decisionLabels(deps.config.tenant),
  );
  const missing =
    app && !app.submitted_at
      ? summaryLinks(
          ctx.form,
          validateAnswers(ctx.form, answersForJudging(ctx.form, app.answers), {
            now: deps.clock.now(),
            view: { addAnother: app.add_another, tabs: app.tabs },
            documents: Object.fromEntries(
              documents.map((d) => [d.answerKey, { file_name: d.fileName, file_size: d.fileSize }]),
            ),
          }),
        ).map((l) => ({ key: l.key, message: l.message, page: l.page ?? null }))
      : [];
  return {
    ...listRow,
    status_history: history.rows.map((h) => ({ web_status: h.web_status, at: new Date(h.created_at).toISOString() })),
    missing_items: missing,
    documents: documents.map((d) => ({
      answer_key: d.answerKey,
      label: d.label,
      file_name: d.fileName,
      file_size: d.fileSize,
      url: documentUrl(userId, d.answerKey),
    })),
    recommendations,
    waived_letter_access: waiverOf(app?.answers ?? {}),
    packet_url: packetUrl(userId),
    checklist: (await staffChecklist(deps, ctx, userId)).items,
    other_applications: others.applications,
    external_ids: (await externalIdsOf(deps.db, [userId])).get(userId) ?? {},
  };
}
