import { z } from 'zod';
import { DEFAULT_REPLY_DAYS } from '../api/decisions';
import { LETTER_PLACEHOLDERS } from '../decisions/letter-template';

const code = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/, 'must be lower-case letters, digits and _');

/** A letter: plain text with {{placeholders}}, paragraphs apart by a blank line; never HTML. */
const letter = z
  .string()
  .min(1)
  .max(20_000)
  .refine(
    (text) =>
      [...text.matchAll(/\{\{\s*([a-z_]+)\s*\}\}/g)].every((m) =>
        (LETTER_PLACEHOLDERS as readonly string[]).includes(m[1]!),
      ),
    `may use only these placeholders: ${LETTER_PLACEHOLDERS.map((p) => `{{${p}}}`).join(', ')}`,
  );

const decisionCode = z.strictObject({
  code,
  /** What the applicant and the office read: 'Admitted'. */
  label: z.string().min(1).max(100),
  /** An offer is answered (accept or decline) by reply_by. */
  offer: z.boolean().default(false),
  /** The code takes conditions (admit_conditional): at least one is required. */
  conditions: z.boolean().default(false),
  /** The code is a refusal: at least one structured reason is required. */
  reasons: z.boolean().default(false),
  letter,
});

const denyReason = z.strictObject({
  id: code,
  label: z.string().min(1).max(200),
  details: z.enum(['none', 'optional', 'required']),
});

/** The tenant's decisions (issue #32, docs/decisions/048): codes with their letters, reasons, the time to answer. */
export const tenantDecisionsSchema = z
  .strictObject({
    codes: z.array(decisionCode).min(1),
    deny_reasons: z.array(denyReason).default([]),
    reply_days: z.number().int().min(1).max(365).default(DEFAULT_REPLY_DAYS),
    /**
     * The time of day, in the institution's zone, at which an offer's reply-by falls on its day (issue 49):
     * 'HH:MM' or 'HH:MM:SS'. By default the end of the day, whether the day is counted from the release
     * (reply_days) or given by the decider as a date.
     */
    reply_time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/, 'must be a time of day, HH:MM or HH:MM:SS')
      .default('23:59:59'),
    show_reasons: z.boolean().default(true),
    /** Who signs the decision letter's PDF, under its text (issue 41); without it, the letter's own closing. */
    signature: z
      .strictObject({
        name: z.string().min(1).max(200),
        title: z.string().min(1).max(200),
      })
      .optional(),
  })
  .superRefine((d, ctx) => {
    const unique = (ids: string[], path: string) => {
      if (new Set(ids).size !== ids.length)
        ctx.addIssue({ code: 'custom', path: [path], message: 'ids must be unique' });
    };
    unique(
      d.codes.map((c) => c.code),
      'codes',
    );
    unique(
      d.deny_reasons.map((r) => r.id),
      'deny_reasons',
    );
    if (d.codes.some((c) => c.reasons) && d.deny_reasons.length === 0)
      ctx.addIssue({
        code: 'custom',
        path: ['deny_reasons'],
        message: 'a code that needs reasons needs a list of reasons',
      });
  });

export type TenantDecisions = z.infer<typeof tenantDecisionsSchema>;
export type TenantDecisionCode = TenantDecisions['codes'][number];
export type TenantDenyReason = TenantDecisions['deny_reasons'][number];
