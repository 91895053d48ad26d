// The mail feature's public entry: how other features queue a mail and give the worker their composers.
export {
  enqueueMail,
  enqueueMailsIn,
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
export { resumeLinkMail } from './messages/resume-link';
export { submissionMail } from './messages/submission';
export { decisionAvailableMail, offerLapsedMail, offerResponseMail, withdrawalMail } from './messages/decision-mails';
