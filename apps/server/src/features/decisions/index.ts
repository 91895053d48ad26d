// The decisions feature's public entry: what the status page reads of it.
export { applicantDecision, applicantDecisionStatus } from './applicant-decision';
