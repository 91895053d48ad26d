import {
  RECOMMENDATION_LETTER_FILE_PATH,
  type RecommendationLetterFileBody,
  type RecommendationView,
} from '@admissions/domain';
import { api } from '../../../lib/api-client';

/** POST /public/recommendation/letter-file: convert the uploaded letter; answers the page's state. */
export function submitLetterFile(body: RecommendationLetterFileBody): Promise<RecommendationView> {
  return api.post<RecommendationView>(RECOMMENDATION_LETTER_FILE_PATH, body);
}
