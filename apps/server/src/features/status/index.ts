// The applicant's status feature: what the composition root wires (routes, the reminders' worker and mail).
export { statusRoutes, unsubscribeRoute } from './status-routes';
export { deadlineReminderComposers, startDeadlineReminderWorker } from './deadline-reminders';
export { deadlineFor } from './deadline-source';
