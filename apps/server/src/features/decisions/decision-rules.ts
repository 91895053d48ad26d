import type { RecordDecisionInput, TenantDecisionCode, TenantDecisions } from '@admissions/domain/schemas';
import { AppError } from '../../http/app-error';

/** A decision as it is stored: reasons as ids with details, conditions as text. */
export interface CheckedDecision {
  code: TenantDecisionCode;
  reasons: { id: string; details: string }[];
  conditions: string[];
  replyBy: Date | null;
}

export function codeOf(decisions: TenantDecisions, code: string): TenantDecisionCode | undefined {
  return decisions.codes.find((c) => c.code === code);
}

/**
 * The tenant's rules for one decision (issue #32): a known code; a refusal
 * with at least one known reason and the details its reason requires; a
 * conditional offer with its conditions; a reply-by date only on an offer and
 * only in the future. Each refusal has its own stable code.
 */
export function checkDecision(
  decisions: TenantDecisions,
  input: RecordDecisionInput,
  now: Date,
  /** The day a reply-by given as a date alone falls at its end (or the tenant's reply_time) in the zone. */
  replyByOnDay: (day: string) => Date,
): CheckedDecision {
  const code = codeOf(decisions, input.code);
  if (!code)
    throw new AppError('DECISION_CODE_UNKNOWN', { errors: { code: [`Unknown decision code: ${input.code}`] } });

  const reasons = (input.reasons ?? []).map((choice, i) => {
    const reason = decisions.deny_reasons.find((r) => r.id === choice.id);
    if (!reason || !code.reasons)
      throw new AppError('DECISION_REASON_UNKNOWN', {
        errors: { [`reasons.${i}.id`]: [`Unknown reason: ${choice.id}`] },
      });
    const details = reason.details === 'none' ? '' : (choice.details ?? '');
    if (reason.details === 'required' && details === '')
      throw new AppError('DECISION_DETAILS_REQUIRED', {
        message: `The reason "${reason.label}" needs details.`,
        errors: { [`reasons.${i}.details`]: ['Please describe the reason.'] },
      });
    return { id: reason.id, details };
  });
  if (new Set(reasons.map((r) => r.id)).size !== reasons.length)
    throw new AppError('BAD_REQUEST', { errors: { reasons: ['Each reason may be given once.'] } });
  if (code.reasons && reasons.length === 0)
    throw new AppError('DECISION_REASON_REQUIRED', { errors: { reasons: ['Choose at least one reason.'] } });

  const conditions = code.conditions ? (input.conditions ?? []) : [];
  if (!code.conditions && (input.conditions ?? []).length > 0)
    throw new AppError('BAD_REQUEST', { errors: { conditions: [`The decision ${code.label} takes no conditions.`] } });
  if (code.conditions && conditions.length === 0)
    throw new AppError('DECISION_CONDITIONS_REQUIRED', { errors: { conditions: ['Add at least one condition.'] } });

  let replyBy: Date | null = null;
  if (input.reply_by !== undefined) {
    if (!code.offer)
      throw new AppError('BAD_REQUEST', {
        errors: { reply_by: [`The decision ${code.label} is not an offer to answer.`] },
      });
    replyBy = /^\d{4}-\d{2}-\d{2}$/.test(input.reply_by) ? replyByOnDay(input.reply_by) : new Date(input.reply_by);
    if (replyBy.getTime() <= now.getTime())
      throw new AppError('DECISION_TIME_IN_PAST', {
        errors: { reply_by: ['The reply-by date must be in the future.'] },
      });
  }
  return { code, reasons, conditions, replyBy };
}
