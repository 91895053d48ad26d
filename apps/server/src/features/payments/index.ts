// The payments feature's public entry (issue 43, decision 065): the applicant's calls, the provider's webhook,
// the office's calls.
export { paymentsRoutes } from './payments-routes';
export { paymentsWebhookRoute, PAYMENTS_WEBHOOK_PATH } from './webhook-route';
export { staffPaymentsRoutes } from './staff-payments-routes';
export { paymentGatewayOf } from './payment-gateway';
export { sendDepositReminders, startDepositReminderWorker } from './deposit-reminders';
export { paymentsForMyData } from './my-data-payments';
export { settleNow, startPaymentEventsWorker } from './payment-events';
