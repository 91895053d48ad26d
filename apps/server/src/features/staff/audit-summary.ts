import { formatMoney, formFields, type FormDefinition, type TenantDecisions } from '@admissions/domain';
import type { AuditAction } from '../../session/audit-log';

/**
 * What one audit entry did, in words (issue 49): one sentence per action, from the row's detail (whose
 * contents AuditAction's comments describe), with the tenant's labels for decisions, reasons, stages and
 * checklist items. The one place the audit log is put into words: the viewer shows the sentence as it is.
 * An id the labels do not know (a stage since deleted) is shown as it was recorded.
 */
export interface AuditLabels {
  decisions: TenantDecisions;
  /** Stage labels by id. */
  stages: ReadonlyMap<string, string>;
  form: FormDefinition;
}

/** An entry as the summary reads it: the newest row's detail, and how many rows it folds. */
export interface SummarizedEntry {
  action: string;
  detail: Record<string, unknown>;
  count: number;
  /** For request-item: the item was asked for before, on the same application. */
  again?: boolean;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : JSON.stringify(v));
const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v) || 0);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A checklist item's label: a document's question, a letter, a page's answers (status/checklist.ts's keys). */
export function itemLabel(form: FormDefinition, key: string): string {
  if (key.startsWith('letter:')) return 'a letter of recommendation';
  if (key.startsWith('answers:')) {
    const page = form.pages.find((p) => p.id === key.slice('answers:'.length));
    return page ? `the answers of ${page.title}` : key;
  }
  const field = formFields(form).find((f) => f.key === key && f.question.kind === 'file');
  return field?.question.label ?? key;
}

function decisionText(detail: Record<string, unknown>, labels: AuditLabels): string {
  const code = text(detail.code);
  const label = labels.decisions.codes.find((c) => c.code === code)?.label ?? code;
  const reasonIds = Array.isArray(detail.reasons) ? detail.reasons.map(text) : [];
  const reasons = reasonIds.map((id) => labels.decisions.deny_reasons.find((r) => r.id === id)?.label ?? id);
  const conditions = num(detail.conditions);
  const batch = num(detail.batch);
  return [
    `recorded ${label}`,
    reasons.length === 0 ? 'no reasons' : `reasons: ${reasons.join('; ')}`,
    ...(conditions > 0 ? [plural(conditions, 'condition')] : []),
    ...(batch > 1 ? [`one of ${batch} at once`] : []),
  ].join(', ');
}

function deniedText(detail: Record<string, unknown>): string {
  if (detail.conflict === 'own-application') return 'denied: their own application';
  if (detail.reason === 'program-not-seen') return 'denied: not in their programs';
  if (typeof detail.right === 'string') return `denied: lacked the right ${detail.right}`;
  return 'denied: not staff';
}

function retentionText(detail: Record<string, unknown>): string {
  const counts = [
    ...(detail.unsubmitted !== undefined ? [`${num(detail.unsubmitted)} never submitted`] : []),
    ...(detail.closed_cycle !== undefined ? [`${num(detail.closed_cycle)} of closed cycles`] : []),
  ];
  return `previewed the retention job${counts.length ? `: ${counts.join(', ')}` : ''}`;
}

/** A message as the log names it: its name in quotes (its id when it had none). */
const quoted = (detail: Record<string, unknown>) => `“${text(detail.name ?? detail.message)}”`;

function viewedMessagesText(detail: Record<string, unknown>): string {
  if (detail.message === undefined) return 'viewed the messages';
  if (detail.part === 'recipients') return `viewed the recipients of the message ${quoted(detail)}`;
  if (detail.part === 'preview') return `previewed the message ${quoted(detail)}`;
  return `viewed the message ${quoted(detail)}`;
}

function sentMessageText(detail: Record<string, unknown>): string {
  const count = detail.recipients ?? detail.confirm_count;
  const to = count === undefined ? '' : ` to ${plural(num(count), 'recipient')}`;
  const at = typeof detail.at === 'string' && detail.at ? `, scheduled for ${detail.at}` : '';
  return `sent the message ${quoted(detail)}${to}${at}`;
}

/** The sentence of one action (without the count of a folded entry). */
function phrase(action: AuditAction, detail: Record<string, unknown>, labels: AuditLabels, again: boolean): string {
  const item = () => itemLabel(labels.form, text(detail.item_key));
  switch (action) {
    case 'list':
      return 'viewed the list of applications';
    case 'export-csv':
      return `exported ${plural(num(detail.rows), 'application')} as CSV`;
    case 'view-application':
      return 'viewed the application';
    case 'view-document':
      return `viewed ${itemLabel(labels.form, text(detail.answer_key))}`;
    case 'view-letter':
      return 'viewed a letter of recommendation';
    case 'download-packet':
      return `downloaded the packet (${plural(num(detail.documents), 'document')}, ${plural(num(detail.letters), 'letter')})`;
    case 'create-print-token':
      return 'made a print link';
    case 'revoke-print-token':
      return 'withdrew a print link';
    case 'print-view':
      return 'their print link was opened';
    case 'view-team':
      return 'viewed the team';
    case 'team-invite':
      return `invited ${text(detail.email)}`;
    case 'team-change':
      return `changed the roles of ${text(detail.email)}`;
    case 'team-remove':
      return `removed ${text(detail.email)} from the team`;
    case 'view-stages':
      return 'viewed the stages';
    case 'stages-change':
      return 'changed the stages';
    case 'stage-move':
      return `moved to ${labels.stages.get(text(detail.stage)) ?? text(detail.stage)}`;
    case 'view-rubrics':
      return 'viewed the rubrics';
    case 'rubrics-change':
      return 'changed the rubrics';
    case 'assign':
      return `assigned ${text(detail.reviewer)} to review`;
    case 'view-queue':
      return 'viewed their queue';
    case 'view-reviews':
      return 'viewed the reviews';
    case 'review-save':
      return 'saved a draft review';
    case 'review-submit':
      return detail.overall == null ? 'submitted a review' : `submitted a review, overall ${text(detail.overall)}`;
    case 'review-amend':
      return 'amended a submitted review';
    case 'view-notes':
      return 'viewed the notes';
    case 'note-add':
      return 'added a note';
    case 'view-audit':
      return 'viewed the audit log';
    case 'retention-preview':
      return retentionText(detail);
    case 'request-item':
      return `asked for ${item()}${again ? ' again' : ''}`;
    case 'withdraw-request':
      return `withdrew the request for ${item()}`;
    case 'receive-item':
      return `marked ${item()} received`;
    case 'unreceive-item':
      return `took back the receipt of ${item()}`;
    case 'waive-item':
      return `waived ${item()}`;
    case 'unwaive-item':
      return `took back the waiver of ${item()}`;
    case 'record-decision':
      return decisionText(detail, labels);
    case 'view-decisions':
      return 'viewed the decisions';
    case 'release-decision':
      return 'released the decision';
    case 'cancel-release':
      return detail.by === 'decisions job'
        ? `the decisions job withheld the release (${text(detail.reason)})`
        : 'cancelled the release';
    case 'view-report':
      return `viewed the ${text(detail.report)} report`;
    case 'view-payments':
      return detail.format === 'csv' ? 'downloaded the payments as CSV' : 'viewed payments';
    case 'record-payment':
      return `recorded a payment of ${money(detail)} (${text(detail.method)} ${text(detail.reference)})`;
    case 'decide-fee-waiver':
      return detail.decision === 'approve' ? 'approved the fee waiver request' : 'denied the fee waiver request';
    case 'refund-payment':
      return `refunded ${money(detail)}: ${text(detail.reason)}`;
    case 'view-messages':
      return viewedMessagesText(detail);
    case 'message-save':
      return `${detail.created === true ? 'wrote' : 'changed'} the message ${quoted(detail)}`;
    case 'message-delete':
      return `deleted the message ${quoted(detail)}`;
    case 'message-test':
      return `sent a test of the message ${quoted(detail)} to ${text(detail.to)}`;
    case 'message-send':
      return sentMessageText(detail);
    case 'message-stop':
      return `stopped the message ${quoted(detail)}`;
    case 'sign-in':
      return signInText(detail);
    case 'sign-in-failed':
      return `a sign-in ${METHOD_WORDS[text(detail.method)] ?? ''}failed (${text(detail.reason)})`;
    case 'reauth':
      return 'confirmed their sign-in for a protected action';
    case 'sign-out':
      return detail.by === 'idp' ? 'was signed out by the campus identity provider' : 'signed out';
    case 'mfa-enrol':
      return detail.factor === 'passkey' ? 'registered a passkey' : 'set up an authenticator app';
    case 'mfa-reset':
      // Before mfa-remove, a member's own passkey removal was written as a reset naming the passkey: the row stays
      // as written, and reads as what it was.
      if (detail.passkey !== undefined) return `removed their passkey “${text(detail.passkey)}”`;
      return `reset the second factor of ${text(detail.email)}`;
    case 'mfa-remove':
      return `removed their passkey “${text(detail.passkey)}”`;
    case 'view-exports':
      return 'viewed the scheduled exports';
    case 'export-run':
      return `ran the export ${text(detail.name)} now`;
    case 'view-api-tokens':
      return 'viewed the API tokens';
    case 'api-token-create':
      return `made the API token “${text(detail.name)}”`;
    case 'api-token-revoke':
      return `revoked the API token “${text(detail.name)}”`;
    case 'api-call':
      return `called the API: ${text(detail.call)}`;
    case 'view-webhooks':
      return detail.part === 'deliveries' ? `viewed the delivery log of a webhook` : 'viewed the webhooks';
    case 'webhook-create':
      return `added the webhook ${text(detail.url)}`;
    case 'webhook-delete':
      return `removed the webhook ${text(detail.url)}`;
    case 'webhook-test':
      return 'sent a test event to a webhook';
    case 'webhook-resend':
      return 'sent a webhook delivery again';
    case 'denied':
      return deniedText(detail);
  }
}

const METHOD_WORDS: Record<string, string> = {
  password: 'with a password ',
  oidc: 'with the campus account (OpenID Connect) ',
  saml: 'with the campus account (SAML) ',
};

const FACTOR_WORDS: Record<string, string> = {
  totp: 'an authenticator code',
  passkey: 'a passkey',
  'recovery-code': 'a recovery code',
};

function signInText(detail: Record<string, unknown>): string {
  const how = (METHOD_WORDS[text(detail.method)] ?? '').trim();
  if (detail.factor) return `completed a sign-in with ${FACTOR_WORDS[text(detail.factor)] ?? text(detail.factor)}`;
  if (detail.second_factor === 'pending') return `signed in ${how}, second step pending`;
  return `signed in ${how}`.trim();
}

/** An entry in words: 'recorded Wait-listed, no reasons'; a folded page view with its count ('viewed the list 3 times'). */
export function auditSummary(entry: SummarizedEntry, labels: AuditLabels): string {
  const known = phraseOrNull(entry, labels);
  const said =
    known ??
    `${entry.action}: ${Object.entries(entry.detail)
      .map(([k, v]) => `${k} ${text(v)}`)
      .join(', ')}`.replace(/: $/, '');
  return entry.count > 1 ? `${said} ${entry.count} times` : said;
}

function phraseOrNull(entry: SummarizedEntry, labels: AuditLabels): string | null {
  // An action recorded by an older version, or unknown to this one, is shown as it was recorded.
  return (
    (phrase(entry.action as AuditAction, entry.detail, labels, entry.again === true) as string | undefined) ?? null
  );
}

/** An audited amount (minor units and currency) as the office writes it. */
function money(detail: Record<string, unknown>): string {
  const currency = text(detail.currency) || 'USD';
  return formatMoney(num(detail.amount), currency);
}
