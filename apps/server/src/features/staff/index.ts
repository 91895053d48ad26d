// The staff console's public entry: what the print view (service) shares with it.
export { listConvertedDocuments } from './converted-documents';
// Every staff call on one application, in any feature, checks existence and program limits here.
export { assertStaffSeesApplication, staffMaySeeApplication } from './application-detail';
// A call naming several applications (a release) refuses the member's own as one application does.
export { refuseOwnApplications } from './own-application';
export { refuseUnseenPrograms } from './program-limit-refusal';
export { indexedPrograms } from './visible-applications';
// Every decision change writes the list's copy of the decision and its state in its own transaction.
export { copyDecisionStates } from './decision-state-copy';
// Every change of an application's fees (issue 43) writes its history and the list's fee columns in its own transaction.
export { recordFeeChange } from './fee-state-copy';
export { freshenConsoleIndex } from './console-index';
// A message's segment (issue 46, decision 066) is the console list's own filters, resolved by the list's code.
export { filterOf, LIST_SOURCE, type Filter, type ListFilters } from './console-list';
export { loadStages } from './stages-repository';
// The read API (issue 45) hands out the office's packet and documents, and shows the campus systems' IDs.
export { buildPacket } from './packet-build';
export { externalIdsOf } from './external-ids';
