import { FEE_LABELS, formatMoney, type FeeView } from '../api/payments';
import type { Answers } from '../api/profile';
import type { ChecklistItem, ChecklistState } from '../api/status';
import { fieldLink, formFields, storesAnswer } from '../form/answer-keys';
import type { FormDefinition } from '../form/form-types';
import type { Question } from '../form/question-types';
import { RECOMMENDER_PREFIXES } from '../form/pages/recommender';
import { visibleQuestions, type ViewState } from '../form/walk';
import { validateAnswers } from '../validation/answer-rules';

/** A document as the checklist needs it: where its conversion stands and when it last changed. */
export interface ChecklistDocument {
  status: 'UNPROCESSED' | 'IN_PROGRESS' | 'COMPLETED' | 'FAILED';
  updated_at: Date;
}

/** The current letter request of one recommender slot. */
export interface ChecklistLetter {
  status: 'REQUESTED' | 'RECEIVED' | 'DECLINED';
  name: string;
  email: string;
  requested_at: Date;
  responded_at: Date | null;
  opened_at: Date | null;
  /** Why the address could not receive mail ('' when it could), and since when. */
  address_problem: string;
  address_problem_at: Date | null;
  /** The 60 days passed with no answer: the recommender may be asked again. */
  lapsed: boolean;
  /** When an unanswered request lapses; what makes `lapsed` come true with time alone. */
  expires_at?: Date;
}

/** An item the office asked for again; answered once a new document for it has been converted. */
export interface ChecklistRequest {
  item_key: string;
  message: string;
  requested_at: Date;
  answered_at: Date | null;
}

export interface ChecklistWaiver {
  item_key: string;
  waived_at: Date;
}

/** A document the office marked received itself (a paper transcript sent by the school). */
export interface ChecklistReceipt {
  item_key: string;
  received_at: Date;
}

export interface ChecklistSources {
  answers: Answers;
  view: ViewState;
  now: Date;
  submittedAt: Date | null;
  /** The last change of the answers (the history's newest row). */
  answersChangedAt: Date | null;
  documents: Readonly<Record<string, ChecklistDocument>>;
  letters: Readonly<Partial<Record<string, ChecklistLetter>>>;
  /** The office's requests, newest last; withdrawn ones left out. */
  requests: readonly ChecklistRequest[];
  waivers: readonly ChecklistWaiver[];
  receipts?: readonly ChecklistReceipt[];
  /**
   * The application's fees as deriveFees judges them (issue 43): the application fee is an item once the
   * application is submitted, the deposit once an offer is accepted. None without the tenant's `fees`.
   */
  fees?: readonly FeeView[];
}

const iso = (d: Date | null | undefined) => (d ? new Date(d).toISOString() : null);
const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

const fileKeysCache = new WeakMap<FormDefinition, ReadonlyMap<string, string>>();
/** File questions by answer key, with their labels. */
function fileLabels(form: FormDefinition): ReadonlyMap<string, string> {
  let found = fileKeysCache.get(form);
  if (!found) {
    found = new Map(
      formFields(form)
        .filter((f) => f.question.kind === 'file')
        .map((f) => [f.key, f.question.label ?? f.key]),
    );
    fileKeysCache.set(form, found);
  }
  return found;
}

export const letterItemKey = (prefix: string) => `letter:${prefix}`;
export const answersItemKey = (pageId: string) => `answers:${pageId}`;

/**
 * The application's checklist, derived from the form definition and the
 * answers each time it is read (docs/decisions/043-checklist-derived-from-the-form.md): one item per
 * page for its required answers, one per required (or uploaded, or requested)
 * document shown, one per recommender the form asks for, then the office's
 * requests and waivers laid over them. Nothing here is stored but the
 * sources: the states cannot drift from the answers.
 */
export function deriveChecklist(form: FormDefinition, src: ChecklistSources): ChecklistItem[] {
  const files = fileLabels(form);
  const emailKeys = new Set(RECOMMENDER_PREFIXES.map((p) => `${p}email`));
  // File answers are answered by converted documents only (as at submission).
  const judged: Answers = { ...src.answers };
  for (const key of files.keys()) if (key in judged) judged[key] = '';
  const completed = Object.fromEntries(
    Object.entries(src.documents)
      .filter(([, d]) => d.status === 'COMPLETED')
      .map(([k]) => [k, { file_name: '', file_size: 0 }]),
  );
  const errors = validateAnswers(form, judged, { now: src.now, view: src.view, documents: completed });
  // What the rules require: their errors with no document and no recommender address at all.
  const bare: Answers = { ...judged };
  for (const key of emailKeys) bare[key] = '';
  const required = validateAnswers(form, bare, { now: src.now, view: src.view, documents: {} });

  const items: ChecklistItem[] = [];
  const answersAt = iso(src.submittedAt ?? src.answersChangedAt);
  const fileItems: ChecklistItem[] = [];
  const letterItems: ChecklistItem[] = [];
  const requested = new Set(src.requests.map((r) => r.item_key));
  for (const page of form.pages) {
    const shown = visibleQuestions(page, src.answers, src.view).filter(storesAnswer);
    const keys = shown.map((q) => q.key).filter((k) => !files.has(k));
    const pageMissing = keys.some((k) => (errors[k]?.length ?? 0) > 0);
    items.push({
      key: answersItemKey(page.id),
      label: `${page.title}: your answers`,
      state: pageMissing ? 'missing' : 'received',
      updated_at: answersAt,
      kind: 'answers',
      href: page.path,
    });
    for (const q of shown) {
      if (!files.has(q.key)) continue;
      const doc = src.documents[q.key];
      if (!required[q.key]?.length && !doc && !requested.has(q.key)) continue;
      fileItems.push(documentItem(form, q.key, files.get(q.key) ?? q.key, doc));
    }
    for (const key of sentLaterFiles(page, src)) {
      if (fileItems.some((i) => i.key === key)) continue;
      fileItems.push(sentLaterItem(form, key, files.get(key) ?? key, src.documents[key]));
    }
    for (const prefix of RECOMMENDER_PREFIXES) {
      if (!shown.some((q) => q.key === `${prefix}email`)) continue;
      const letter = src.letters[prefix];
      if (!letter && !required[`${prefix}email`]?.length && !(src.answers[`${prefix}email`] ?? '').trim()) continue;
      letterItems.push(letterItem(prefix, letter, src.submittedAt != null));
    }
  }
  items.push(...fileItems, ...letterItems);
  // The application fee is asked for from submission on (Final Steps shows it before), the deposit once it exists.
  if (src.submittedAt) for (const fee of src.fees ?? []) items.push(feeItem(fee));
  return overlayOffice(form, items, src);
}

/**
 * A fee's item: `received` once paid, `waived` once waived (the office's request decided, or its checklist
 * waiver), else `missing`, also while a waiver request is decided (the fee is not asked for meanwhile).
 */
function feeItem(fee: FeeView): ChecklistItem {
  const what = FEE_LABELS[fee.purpose];
  const item: ChecklistItem = {
    key: fee.purpose,
    label: `${what} (${formatMoney(fee.amount, fee.currency)})`,
    state: fee.state === 'paid' ? 'received' : fee.state === 'waived' ? 'waived' : 'missing',
    updated_at: fee.settled_at ?? null,
    kind: 'fee',
    href: '/completion',
  };
  if (fee.state === 'waiver_pending')
    item.message = 'Your request for a fee waiver is being considered. You need not pay while it is.';
  if (fee.state === 'overdue')
    item.message = `The ${what.toLowerCase()} is overdue. Please pay it, or write to the admissions office.`;
  return item;
}

/**
 * The file questions of a tab the applicant did not choose, where the chosen tab asks for no file: the
 * document will come another way (a transcript the school sends: "I will send it later").
 */
function sentLaterFiles(page: FormDefinition['pages'][number], src: ChecklistSources): string[] {
  const out: string[] = [];
  for (const q of visibleQuestions(page, src.answers, src.view)) {
    if (q.kind !== 'tabs') continue;
    const chosen = src.view.tabs?.[q.key] ?? q.defaultTab;
    const fileKeysOf = (qs: readonly Question[]) => qs.filter((c) => c.kind === 'file').map((c) => c.key);
    if (fileKeysOf(q.tabs.find((t) => t.id === chosen)?.questions ?? []).length > 0) continue;
    for (const tab of q.tabs) if (tab.id !== chosen) out.push(...fileKeysOf(tab.questions));
  }
  return out;
}

/** A document to be sent by someone else: awaited until it arrives (uploaded later, or received by the office). */
function sentLaterItem(form: FormDefinition, key: string, label: string, doc: ChecklistDocument | undefined) {
  const item = documentItem(form, key, label, doc);
  if (item.state === 'missing' && !doc) {
    item.state = 'awaiting';
    item.message = 'To be sent to the admissions office, as you chose. We will mark it received when it arrives.';
  }
  return item;
}

function documentItem(form: FormDefinition, key: string, label: string, doc: ChecklistDocument | undefined) {
  const item: ChecklistItem = {
    key,
    label,
    state: doc?.status === 'COMPLETED' ? 'received' : 'missing',
    updated_at: iso(doc?.updated_at),
    kind: 'document',
    href: fieldLink(form, key),
  };
  if (doc?.status === 'FAILED') item.message = 'The file could not be converted. Please upload it again.';
  if (doc?.status === 'UNPROCESSED' || doc?.status === 'IN_PROGRESS') item.message = 'Your file is being converted.';
  return item;
}

function letterItem(prefix: string, letter: ChecklistLetter | undefined, submitted: boolean): ChecklistItem {
  const slot = prefix === 'recommender_' ? 'first' : 'second';
  const base = {
    key: letterItemKey(prefix),
    label: letter?.name
      ? `Letter of recommendation from ${letter.name}`
      : `Letter of recommendation (${slot} recommender)`,
    kind: 'letter' as const,
    href: `/final-steps#${prefix}email`,
  };
  if (!letter || letter.lapsed) {
    return {
      ...base,
      state: 'missing',
      updated_at: iso(letter?.requested_at),
      message: submitted
        ? 'No request is waiting for this recommender. Ask them again below.'
        : 'Send your recommender the request from the Final Steps page.',
    };
  }
  if (letter.status === 'RECEIVED') return { ...base, state: 'received', updated_at: iso(letter.responded_at) };
  if (letter.status === 'DECLINED') {
    return {
      ...base,
      state: 'missing',
      updated_at: iso(letter.responded_at),
      message: 'Your recommender declined. Please ask someone else.',
    };
  }
  if (letter.address_problem) {
    return {
      ...base,
      state: 'address_problem',
      updated_at: iso(letter.address_problem_at),
      email: letter.email,
      message: `Our e-mail to ${letter.email} could not be delivered (${letter.address_problem}). Please check the address and correct it.`,
    };
  }
  let state: ChecklistState = 'awaiting_recommender';
  if (letter.opened_at) state = 'opened';
  return { ...base, state, updated_at: iso(later(letter.requested_at, letter.opened_at)), email: letter.email };
}

/** The office's requests and waivers, over the derived states. A waiver wins; an open request comes next. */
function overlayOffice(form: FormDefinition, items: ChecklistItem[], src: ChecklistSources): ChecklistItem[] {
  const byKey = new Map(items.map((i) => [i.key, i]));
  for (const request of src.requests) {
    let item = byKey.get(request.item_key);
    if (!item) {
      // An item the form does not show now (another tab chosen): its document, if one came, answers the request.
      item = documentItem(
        form,
        request.item_key,
        fileLabels(form).get(request.item_key) ?? request.item_key,
        src.documents[request.item_key],
      );
      byKey.set(item.key, item);
      items.push(item);
    }
    if (request.answered_at) {
      if (item.state === 'received') item.updated_at = iso(later(new Date(item.updated_at ?? 0), request.answered_at));
      continue;
    }
    item.state = 'requested';
    item.updated_at = iso(request.requested_at);
    item.message = request.message;
  }
  for (const receipt of src.receipts ?? []) {
    const item = byKey.get(receipt.item_key);
    if (!item || item.kind !== 'document') continue;
    item.state = 'received';
    item.updated_at = iso(receipt.received_at);
    item.message = 'Received by the admissions office.';
  }
  for (const waiver of src.waivers) {
    const item = byKey.get(waiver.item_key);
    if (!item) continue;
    item.state = 'waived';
    item.updated_at = iso(waiver.waived_at);
    delete item.message;
  }
  return items;
}
