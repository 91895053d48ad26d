// The checklist's public entry: the applicant's status page, the office's requests and waivers and the console read it here.
export { loadChecklist, loadChecklists, staffChecklist, type Checklist } from './load-checklist';
