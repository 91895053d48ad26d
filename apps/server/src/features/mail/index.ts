// The mail feature's public entry: how other features queue a mail and give the worker their composers.
export { enqueueMail, type ComposedMailJob, type MailComposer, type MailComposers, type MailJob } from './mail-jobs';
