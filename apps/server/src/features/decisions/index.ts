// The decisions feature's public entry: what the status page reads of it.
export { applicantDecision, applicantDecisionStatus, releasedDecisionLabel } from './applicant-decision';
