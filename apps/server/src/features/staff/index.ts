// The staff console's public entry: what the print view (service) shares with it.
export { recordStaffRead } from './audit-log';
export { listConvertedDocuments } from './converted-documents';
