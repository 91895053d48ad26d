// The letters' public entry: what the application and the office use of the recommendation letters.
export { requestAllOnSubmission, syncRecommenders, touchesRecommenders } from './letter-requests';
export { lettersOpenToApplicant, officeRecommendations, receivedLetters } from './office-letters';
export { purgeLetterLeftovers } from './purge-letter-leftovers';
export { waiverOf } from './recommender-answers';
export { addressProblemComposers, currentLetters, letterRefusalHandlers, letterRefused } from './letter-tracking';
