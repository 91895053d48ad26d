// The mail feature's public entry: how other features queue a mail and give the worker their composers.
export {
  enqueueMail,
  enqueueMailIn,
  isPermanentRefusal,
  type MailRefusalHandlers,
  mailQueueReady,
  enqueueMailsIn,
  enqueueComposedMailsIn,
  wakeMailWorker,
  type ComposedMailJob,
  type MailComposer,
  type MailComposers,
  type MailJob,
} from './mail-jobs';
export {
  alreadyConfirmedMail,
  confirmationCodeMail,
  passwordChangedMail,
  resetLinkMail,
  signupAttemptMail,
} from './messages/account-mails';
export { declineNoticeMail, letterReceiptMail, letterRequestMail } from './messages/letter-mails';
export { bounceTracking } from './bounce-tag';
export { bounceRoute, BOUNCES_PATH, type BounceOutcome } from './bounce-route';
export { forgetMailLog, mailLogOf, type MailLogEntry } from './mail-log';
export {
  addressProblemMail,
  deadlineReminderMail,
  itemRequestedMail,
  itemRequestWithdrawnMail,
} from './messages/checklist-mails';
export { resumeLinkMail } from './messages/resume-link';
export { retentionWarningMail } from './messages/retention-mails';
export { submissionMail } from './messages/submission';
export { teamInvitationMail } from './messages/team-invitation';
export { decisionAvailableMail, offerLapsedMail, offerResponseMail, withdrawalMail } from './messages/decision-mails';
export { depositReminderMail, feeWaiverDecisionMail, paymentReceiptMail, refundMail } from './messages/payment-mails';
// The office's messages to groups (issue 46) end with the same signature as every other mail.
export { signature } from './messages/signature';
