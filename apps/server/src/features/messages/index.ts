// The messages feature's public entry (issue 46, decision 066): the office's messages to groups of applicants,
// their sending, the applicant's record of them, and the one-click unsubscribe from news.
export { composeMessageRoutes } from './compose-routes';
export { sendingMessageRoutes } from './sending-routes';
export { applicantMessagesRoutes } from './applicant-messages-routes';
export { newsUnsubscribeRoute } from './news-unsubscribe-route';
// The sending side (decision 066): the messages job, and the composer and refusal handler the mail worker is handed.
export { startMessagesWorker } from './messages-worker';
export { staffMessageComposers, staffMessageRefusals } from './staff-message-mail';
// "Download my data" includes the messages an application was sent.
export { messagesForMyData } from './received-messages';
