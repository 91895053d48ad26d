import {
  deriveChecklist,
  isChecklistComplete,
  type ChecklistDocument,
  type ChecklistItem,
  type FeeView,
  type StaffChecklistItem,
} from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import type { Queryable } from '../../infra/db/db';
import type { FormContext } from '../../core/form-context';
import { feesOf } from '../../core/fee-sources';
import { checklistChangesAt } from './checklist-changes-at';
import { documentStatesOf, supersededDocumentsOf } from '../documents';
import { currentLetters } from '../recommendations';
import {
  applicationSources,
  receiptsOf,
  requestsOf,
  waiversOf,
  type ReceiptRow,
  type RequestRow,
  type WaiverRow,
} from './checklist-repository';

export interface Checklist {
  userId: string;
  email: string;
  /** The program applied to (its deadline is the reminders'). */
  program: string;
  submittedAt: Date | null;
  reminders: boolean;
  items: ChecklistItem[];
  complete: boolean;
  /** The office's rows behind the items, for the office's view only. */
  requests: RequestRow[];
  waivers: WaiverRow[];
  receipts: ReceiptRow[];
  /** The fees as they stand (issue 43; none without the tenant's `fees`), behind the checklist's fee items. */
  fees: FeeView[];
  /** When this checklist may next read otherwise with time alone (checklist-changes-at.ts). */
  changesAt: Date;
}

/**
 * The checklists of these applicants, derived from their answers, documents,
 * letters, fees and the office's requests and waivers (decision 043). Seven reads
 * whatever the number of applicants, so the console's index computes a batch
 * at once.
 */
export async function loadChecklists(
  deps: Pick<AppDeps, 'clock' | 'config'>,
  ctx: FormContext,
  userIds: readonly string[],
  db: Queryable,
): Promise<Map<string, Checklist>> {
  const now = deps.clock.now();
  const [apps, documents, letters, requests, waivers, receipts, fees] = await Promise.all([
    applicationSources(db, userIds),
    documentStatesOf(db, userIds),
    currentLetters(db, userIds, now),
    requestsOf(db, userIds),
    waiversOf(db, userIds),
    receiptsOf(db, userIds),
    feesOf(db, deps.config.tenant.fees, userIds, now),
  ]);
  const out = new Map<string, Checklist>();
  for (const app of apps) {
    const docs: Record<string, ChecklistDocument> = {};
    for (const d of documents) if (d.user_id === app.user_id) docs[d.answer_key] = d;
    const ownRequests = requests.filter((r) => r.user_id === app.user_id);
    const ownWaivers = waivers.filter((w) => w.user_id === app.user_id);
    const ownReceipts = receipts.filter((r) => r.user_id === app.user_id);
    const ownFees = fees.get(app.user_id) ?? [];
    const ownLetters = letters.get(app.user_id) ?? {};
    const items = deriveChecklist(ctx.formAsKept(app.kept_basis), {
      answers: app.answers,
      view: { addAnother: app.add_another, tabs: app.tabs },
      now,
      submittedAt: app.submitted_at,
      answersChangedAt: app.last_change,
      documents: docs,
      letters: ownLetters,
      requests: ownRequests,
      waivers: ownWaivers,
      receipts: ownReceipts,
      fees: ownFees,
    });
    out.set(app.user_id, {
      userId: app.user_id,
      email: app.email,
      program: app.answers.applied_major ?? '',
      submittedAt: app.submitted_at,
      reminders: app.deadline_reminders,
      items,
      complete: isChecklistComplete(items),
      requests: ownRequests,
      waivers: ownWaivers,
      receipts: ownReceipts,
      fees: ownFees,
      changesAt: checklistChangesAt(now, ownLetters, ownFees),
    });
  }
  return out;
}

export async function loadChecklist(deps: Pick<AppDeps, 'clock' | 'db' | 'config'>, ctx: FormContext, userId: string) {
  return (await loadChecklists(deps, ctx, [userId], deps.db)).get(userId);
}

/**
 * The office's view of the checklist: who asked for, received or waived each item (address and name) and why, and
 * the earlier documents kept.
 */
export async function staffChecklist(
  deps: Pick<AppDeps, 'clock' | 'db' | 'config'>,
  ctx: FormContext,
  userId: string,
): Promise<{ complete: boolean; items: StaffChecklistItem[] }> {
  const checklist = await loadChecklist(deps, ctx, userId);
  if (!checklist) return { complete: false, items: [] };
  const earlier = await supersededDocumentsOf(deps.db, userId);
  const items = checklist.items.map((item): StaffChecklistItem => {
    const out: StaffChecklistItem = { ...item };
    const waiver = checklist.waivers.find((w) => w.item_key === item.key);
    if (waiver) {
      out.waiver_reason = waiver.reason;
      out.waived_by = waiver.waived_by;
      out.waived_by_name = waiver.waived_by_name;
    }
    const receipt = checklist.receipts.find((r) => r.item_key === item.key);
    if (receipt) {
      out.receipt = {
        note: receipt.note,
        received_by: receipt.received_by,
        received_by_name: receipt.received_by_name,
        received_at: new Date(receipt.received_at).toISOString(),
      };
    }
    const request = checklist.requests.filter((r) => r.item_key === item.key).at(-1);
    if (request) {
      out.request = {
        message: request.message,
        requested_at: request.requested_at.toISOString(),
        answered_at: request.answered_at ? request.answered_at.toISOString() : null,
        requested_by: request.requested_by,
        requested_by_name: request.requested_by_name,
      };
    }
    const kept = earlier.filter((e) => e.answer_key === item.key);
    if (kept.length) {
      out.earlier_documents = kept.map((e) => ({
        file_name: e.file_name,
        replaced_at: new Date(e.superseded_at).toISOString(),
      }));
    }
    return out;
  });
  return { complete: checklist.complete, items };
}
