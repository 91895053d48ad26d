// The decisions feature's public entry: what the status page reads of it.
export { applicantDecision, applicantDecisionStatus, pastDecisionOf, respondToOffer } from './applicant-decision';
