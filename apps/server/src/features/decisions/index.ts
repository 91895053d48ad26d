// The decisions feature's public entry: what the status page reads of it, and who accepted an offer (retention).
export {
  applicantDecision,
  applicantDecisionStatus,
  pastDecisionOf,
  respondToOffer,
  withdrawApplication,
} from './applicant-decision';
export { acceptedOfferUserIds } from './decisions-repository';
export { decisionsForMyData } from './my-data-decisions';
