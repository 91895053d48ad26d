// The staff console's public entry: what the print view (service) shares with it.
export { listConvertedDocuments } from './converted-documents';
