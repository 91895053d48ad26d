// The staff console's public entry: what the print view (service) shares with it.
export { listConvertedDocuments } from './converted-documents';
// Every staff call on one application, in any feature, checks existence and program limits here.
export { assertStaffSeesApplication, staffMaySeeApplication } from './application-detail';
