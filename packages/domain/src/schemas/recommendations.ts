import { z } from 'zod';
import {
  RECOMMENDATION_ALSO_FOR_MAX,
  RECOMMENDATION_DECLINE_REASON_MAX_LENGTH,
  RECOMMENDATION_LETTER_MAX_LENGTH,
} from '../api/recommendations';
import { RECOMMENDER_PREFIXES } from '../form/pages/recommender';

export const recommenderPrefix = z.enum(RECOMMENDER_PREFIXES);

const token = z.string().min(20).max(200);

/** POST /api/recommendations/{prefix}/request: optionally, other applications of the account to ask for too. */
export const recommendationRequestBody = z.strictObject({
  also_for: z.array(z.uuid()).max(RECOMMENDATION_ALSO_FOR_MAX).optional(),
});
export type RecommendationRequestBodyInput = z.infer<typeof recommendationRequestBody>;

/** POST …/open and POST …/upload-form */
export const recommendationTokenBody = z.strictObject({ token });
export type RecommendationTokenBody = z.infer<typeof recommendationTokenBody>;

/** POST …/letter-file: the uploaded file (from …/upload-form's fields.key) to convert; a converted letter is received at once. */
export const recommendationLetterFileBody = z.strictObject({
  token,
  file_key: z.string().min(1).max(300),
  file_name: z.string().min(1).max(255),
});
export type RecommendationLetterFileBody = z.infer<typeof recommendationLetterFileBody>;

/** POST …/letter-text: a letter written in the page's text box. */
export const recommendationLetterTextBody = z.strictObject({
  token,
  text: z.string().max(RECOMMENDATION_LETTER_MAX_LENGTH * 2),
});
export type RecommendationLetterTextBody = z.infer<typeof recommendationLetterTextBody>;

/** POST …/decline */
export const recommendationDeclineBody = z.strictObject({
  token,
  reason: z.string().max(RECOMMENDATION_DECLINE_REASON_MAX_LENGTH * 2),
});
export type RecommendationDeclineBody = z.infer<typeof recommendationDeclineBody>;
