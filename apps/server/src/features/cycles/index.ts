// Admission cycles for the applicant (decision 052): the closed cycle's read-only guard and the new cycle's application.
export { refuseClosedCycleWrites, refusalOf } from './closed-cycle-guard';
export { cycleRoutes } from './cycle-routes';
export { pastApplicationsOf } from './past-applications';
export { holdsPastApplication, pastOwnersOf, type PastOwner } from './held-past-applications';
export { applicationsRoutes } from './applications-routes';
