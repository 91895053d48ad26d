/**
 * Stable error codes. Clients branch on `code`, never on the wording; the
 * wording lives in ERROR_MESSAGES and may change freely.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 400,
  INVALID_CREDENTIALS: 400,
  CODE_INVALID: 400,
  RESET_LINK_INVALID: 400,
  UNKNOWN_ANSWER_KEY: 400,
  NOT_A_FILE_QUESTION: 400,
  CHECKLIST_ITEM_UNKNOWN: 400,
  RECOMMENDER_EMAIL_INVALID: 400,
  REMINDER_LINK_INVALID: 400,
  BOUNCE_NOT_A_REPORT: 400,
  LOOKUP_CATEGORY_UNKNOWN: 400,
  LOOKUP_ID_UNKNOWN: 404,
  DECISION_CODE_UNKNOWN: 400,
  DECISION_REASON_UNKNOWN: 400,
  DECISION_REASON_REQUIRED: 400,
  DECISION_DETAILS_REQUIRED: 400,
  DECISION_CONDITIONS_REQUIRED: 400,
  DECISION_TIME_IN_PAST: 400,
  UNAUTHORIZED: 401,
  SERVICE_TOKEN_INVALID: 401,
  ACCOUNT_NOT_CONFIRMED: 403,
  FORBIDDEN_ORIGIN: 403,
  UPLOAD_POLICY_INVALID: 403,
  STAFF_ONLY: 403,
  STAFF_RIGHT_MISSING: 403,
  OWN_APPLICATION: 403,
  NOT_FOUND: 404,
  APPLICATION_SUBMITTED: 409,
  PAST_APPLICATION_SUBMITTED: 409,
  ACCOUNT_IS_STAFF: 409,
  APPLICATION_NOT_SUBMITTED: 409,
  ITEM_NOT_REQUESTABLE: 409,
  ITEM_NOT_RECEIVABLE: 409,
  ITEM_ALREADY_REQUESTED: 409,
  RECOMMENDER_NOT_READY: 409,
  APPLICATION_WITHDRAWN: 409,
  DECISION_MISSING: 409,
  RELEASE_NOT_SCHEDULED: 409,
  CYCLE_CLOSED: 409,
  APPLICATION_IN_OPEN_CYCLE: 409,
  CARRY_OVER_SUBMITTED: 409,
  APPLICATION_LIMIT: 409,
  PROGRAM_ALREADY_APPLIED: 409,
  PROGRAM_CLOSED: 409,
  APPLICATION_CHANGED: 409,
  COPY_FROM_OTHER_CYCLE: 409,
  TERM_UNKNOWN: 400,
  DECISION_NO_OFFER: 409,
  DECISION_REPLY_CLOSED: 409,
  OFFER_ACCEPTED: 409,
  RECOMMENDER_DECLINED: 409,
  LETTER_APPLICATION_CLOSED: 409,
  LETTER_NOT_ASKED: 409,
  RECOMMENDER_SLOT_TAKEN: 409,
  RECOMMENDATION_LINK_INVALID: 410,
  CONVERSION_IN_PROGRESS: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  APPLICATION_INCOMPLETE: 422,
  DEADLINE_PASSED: 422,
  DOCUMENT_REJECTED: 422,
  LOGIN_LOCKED: 429,
  RATE_LIMITED: 429,
  MAIL_TOO_SOON: 429,
  REMINDER_TOO_SOON: 429,
  UPLOAD_QUOTA_EXCEEDED: 429,
  STAGE_UNKNOWN: 400,
  STAGES_INVALID: 400,
  CRITERION_UNKNOWN: 400,
  SCORE_OUT_OF_RANGE: 400,
  REVIEW_INCOMPLETE: 400,
  RUBRIC_INVALID: 400,
  PROGRAM_UNKNOWN: 400,
  CYCLE_UNKNOWN: 400,
  REPORT_FORMAT_UNKNOWN: 406,
  REPORT_PROGRAM_NOT_ALLOWED: 400,
  REPORT_SCOPE_TOO_SMALL: 409,
  REVIEWER_UNKNOWN: 400,
  TOO_MANY_APPLICATIONS: 400,
  NOTE_EMPTY: 400,
  STAGE_IN_USE: 409,
  REVIEWER_CANNOT_REVIEW: 409,
  REVIEW_NOT_ASSIGNED: 403,
  TEAM_MEMBER_EXISTS: 409,
  TEAM_MEMBER_FROM_ENVIRONMENT: 409,
  LAST_ADMINISTRATOR: 409,
  FEE_NOT_DUE: 409,
  FEE_WAIVER_PENDING: 409,
  DEPOSIT_NOT_DUE: 409,
  PAYMENTS_OFFLINE: 409,
  PAYMENT_PROVIDER_UNAVAILABLE: 503,
  PAYMENT_SESSION_UNKNOWN: 404,
  WEBHOOK_SIGNATURE_INVALID: 400,
  WAIVER_CRITERION_UNKNOWN: 400,
  WAIVER_NOT_AVAILABLE: 409,
  WAIVER_REQUEST_UNKNOWN: 404,
  REFUND_TOO_LARGE: 409,
  PAYMENT_NOT_REFUNDABLE: 409,
  REFUND_IN_PROGRESS: 409,
  PAYMENT_FORMAT_UNKNOWN: 406,
  CONFIRM_COUNT_MISMATCH: 409,
  MESSAGE_PLACEHOLDER_UNKNOWN: 400,
  MESSAGE_SEGMENT_INVALID: 400,
  MESSAGE_NOT_DRAFT: 409,
  MESSAGE_NOT_STOPPABLE: 409,
  MESSAGE_TIME_IN_PAST: 400,
  UNSUBSCRIBE_LINK_INVALID: 400,
  MFA_REQUIRED: 401,
  REAUTH_REQUIRED: 401,
  SSO_REQUIRED: 403,
  SSO_FAILED: 400,
  SSO_MEMBER_UNKNOWN: 403,
  SSO_NOT_CONFIGURED: 404,
  MFA_CODE_INVALID: 400,
  MFA_ALREADY_ENROLLED: 409,
  MFA_NOT_ENROLLED: 409,
  PASSKEY_INVALID: 400,
  REAUTH_WITH_SSO: 409,
  MFA_LAST_FACTOR: 409,
  INTERNAL: 500,
  SERVICE_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const GENERIC_ERROR_MESSAGE = "We've encountered an unexpected error at this time. Please try again later.";
export const SESSION_INVALID_MESSAGE = 'Your session is invalid. Please clear your cookies and login again.';

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  BAD_REQUEST: 'The request could not be understood. Please check what you entered and try again.',
  VALIDATION_FAILED: 'Some of what you entered needs to be corrected.',
  INVALID_CREDENTIALS: 'The email address or password is incorrect.',
  CODE_INVALID: 'That confirmation code is incorrect or has expired. Please request a new code.',
  RESET_LINK_INVALID: 'This password reset link is invalid or has expired. Please request a new one.',
  UNKNOWN_ANSWER_KEY: 'Some answers could not be saved because the form does not have those questions.',
  NOT_A_FILE_QUESTION: 'This question does not take a file.',
  LOOKUP_CATEGORY_UNKNOWN: 'There is no list of that kind to search.',
  LOOKUP_ID_UNKNOWN: 'That entry is not in the list. Please fill in the details yourself.',
  UNAUTHORIZED: SESSION_INVALID_MESSAGE,
  SERVICE_TOKEN_INVALID:
    'This print link is invalid, has expired or was withdrawn. Please open the print view again from the staff console.',
  ACCOUNT_NOT_CONFIRMED: 'Please confirm your account with the 6-digit code we e-mailed you before logging in.',
  FORBIDDEN_ORIGIN: 'This request was refused because it did not come from the application itself.',
  UPLOAD_POLICY_INVALID: 'This upload link is invalid or has expired. Please choose your file again.',
  STAFF_ONLY: 'This page is for the admissions office only.',
  STAFF_RIGHT_MISSING: 'Your role in the admissions office does not allow this. Please ask an administrator.',
  // A conflict of interest (issue 48): the office's side of one's own application is a colleague's to work on.
  OWN_APPLICATION:
    'This is your own application: a member of the admissions office cannot read its file or review, decide or release it. Please ask a colleague.',
  NOT_FOUND: 'The page or item you asked for does not exist.',
  APPLICATION_SUBMITTED: 'Your application has already been submitted and can no longer be changed.',
  // Deleting the account would delete it too; the route names its cycle (deletePastSubmittedMessage).
  PAST_APPLICATION_SUBMITTED:
    'The admissions office keeps a submitted application of an earlier cycle, which deleting your account would delete too, so your account can no longer be deleted here. Please write to the admissions office.',
  ACCOUNT_IS_STAFF:
    'This account belongs to the admissions office and cannot be deleted here. Please ask an administrator.',
  APPLICATION_NOT_SUBMITTED:
    'This application has not been submitted yet: the applicant can still change it, and nothing can be asked for, waived or decided on it.',
  CHECKLIST_ITEM_UNKNOWN: "That item is not on this application's checklist.",
  ITEM_NOT_REQUESTABLE: 'Only a document can be asked for again.',
  ITEM_NOT_RECEIVABLE: 'Only a document can be marked received by the office.',
  ITEM_ALREADY_REQUESTED: 'This item has already been asked for. Withdraw that request first to change it.',
  RECOMMENDER_EMAIL_INVALID: 'Please provide a valid email address.',
  REMINDER_LINK_INVALID: 'This link is invalid. You can turn reminders off in your application instead.',
  BOUNCE_NOT_A_REPORT:
    'The body is not a delivery status notification (a multipart/report with a message/delivery-status part).',
  CONVERSION_IN_PROGRESS: 'Please wait until the file upload has completed.',
  DECISION_CODE_UNKNOWN: "That decision code is not one of the institution's decision codes.",
  DECISION_REASON_UNKNOWN: "That reason is not one of the institution's reasons.",
  DECISION_REASON_REQUIRED: 'This decision needs at least one reason: an applicant is never refused without one.',
  DECISION_DETAILS_REQUIRED: 'This reason needs details.',
  DECISION_CONDITIONS_REQUIRED: 'This decision needs at least one condition.',
  DECISION_TIME_IN_PAST: 'That time has already passed. Please choose a time in the future.',
  APPLICATION_WITHDRAWN: 'This application was withdrawn.',
  DECISION_MISSING: 'Some of these applications have no decision to release.',
  RELEASE_NOT_SCHEDULED: 'This release is not scheduled any more: it was carried out or cancelled.',
  CYCLE_CLOSED:
    'This application belongs to an admissions cycle that has closed and can no longer be changed. You can start an application for the current cycle.',
  APPLICATION_IN_OPEN_CYCLE: 'Your application already belongs to the current admissions cycle.',
  APPLICATION_LIMIT:
    'You already have as many applications in this admissions cycle as one person may start. You can continue one of them from Your applications.',
  PROGRAM_ALREADY_APPLIED:
    'You already have an application for this program in this admissions cycle. You can continue it from Your applications.',
  PROGRAM_CLOSED: 'The deadline for this program has passed, so a new application for it can no longer be started.',
  APPLICATION_CHANGED:
    'Another window has opened a different one of your applications, so this page no longer shows the application you are working on. Please reload the page to continue.',
  COPY_FROM_OTHER_CYCLE: 'Answers can be copied only from one of your applications in the current admissions cycle.',
  TERM_UNKNOWN: 'That term is not one this program starts in.',
  CARRY_OVER_SUBMITTED:
    'A submitted application stays as it was sent: its answers cannot be carried into a new one. Please start an empty application.',
  DECISION_NO_OFFER: 'There is no offer to answer.',
  DECISION_REPLY_CLOSED:
    'The date to answer this offer has passed, so it can no longer be answered here. Please contact the admissions office.',
  OFFER_ACCEPTED:
    'You accepted an offer, so the application can no longer be withdrawn here. Please contact the admissions office.',
  RECOMMENDER_NOT_READY: 'Please enter a valid first name, last name and email address for this recommender first.',
  RECOMMENDER_DECLINED: 'This recommender declined. To ask someone else, enter their name and email address first.',
  LETTER_APPLICATION_CLOSED:
    'One of the applications you chose has been withdrawn, so no letter can be asked for it. Please leave it out.',
  LETTER_NOT_ASKED:
    'The program of one of the applications you chose asks for no letter from this recommender. Please leave it out.',
  RECOMMENDER_SLOT_TAKEN:
    'One of the applications you chose already names another recommender in this place. Change it in that application first, or leave it out.',
  RECOMMENDATION_LINK_INVALID:
    'This link is no longer valid. It may have expired, the letter may already have been sent, or the applicant may have asked someone else. Please contact the applicant or the admissions office if you still wish to send a letter.',
  PAYLOAD_TOO_LARGE: 'What you sent is too large.',
  UNSUPPORTED_MEDIA_TYPE: 'Requests must be sent as JSON.',
  APPLICATION_INCOMPLETE: "We're missing some information!",
  // The submit route names the program's deadline in the institution's zone (issue 29).
  DEADLINE_PASSED: 'The deadline for your program has passed, so the application can no longer be submitted.',
  // Routes replace this with the file rule that was broken (FILE_MESSAGES).
  DOCUMENT_REJECTED: 'We could not accept your file. Please try another file.',
  LOGIN_LOCKED: 'Too many failed login attempts. Please wait a few minutes and try again.',
  RATE_LIMITED: 'Too many requests. Please wait a moment and try again.',
  MAIL_TOO_SOON: 'We sent you an e-mail very recently. Please wait a minute before asking for another.',
  REMINDER_TOO_SOON: 'You can send one reminder a day. Please try again tomorrow.',
  UPLOAD_QUOTA_EXCEEDED: 'You have uploaded many files recently. Please wait a while and try again.',
  INTERNAL: GENERIC_ERROR_MESSAGE,
  SERVICE_UNAVAILABLE: 'The service is temporarily unavailable. Please try again in a moment.',
  STAGE_UNKNOWN: 'There is no such stage. Please choose one of the stages the office has set up.',
  STAGES_INVALID: 'The stages need unique ids and labels, and at least one stage.',
  CRITERION_UNKNOWN: 'The review scores a criterion that the rubric for this program does not have.',
  SCORE_OUT_OF_RANGE: 'A score is outside the range the rubric allows.',
  REVIEW_INCOMPLETE: 'Please score every criterion of the rubric before submitting the review.',
  RUBRIC_INVALID:
    'Each rubric needs at least one criterion with a minimum below its maximum, each criterion keeps the id it was given, and the rubrics need a default.',
  PROGRAM_UNKNOWN: 'There is no program with that code.',
  CYCLE_UNKNOWN: 'There is no admission cycle with that id.',
  REPORT_FORMAT_UNKNOWN: 'Reports come as JSON or as CSV (text/csv).',
  REPORT_PROGRAM_NOT_ALLOWED:
    'The equality report covers every program you may see: by program, its small counts could be worked out by subtraction.',
  // The route names the tenant's smallest group (scopeTooSmallMessage in the equality report).
  REPORT_SCOPE_TOO_SMALL:
    "Too few submitted applications in this choice: the equality report is not shown for so few, so no one's answers can be told.",
  REVIEWER_UNKNOWN: 'That address is not a member of the admissions office team.',
  TOO_MANY_APPLICATIONS: 'Please choose at most 500 applications at a time.',
  NOTE_EMPTY: 'Please write a note of 1 to 5,000 characters.',
  STAGE_IN_USE: 'Applications are still in a stage you removed. Please move them to another stage first.',
  REVIEWER_CANNOT_REVIEW:
    'That member cannot review these applications: their role has no review right, they are not allowed to see the program, or it is their own application.',
  REVIEW_NOT_ASSIGNED: 'This application has not been assigned to you for review.',
  TEAM_MEMBER_EXISTS: 'That address is already a member of the team.',
  TEAM_MEMBER_FROM_ENVIRONMENT:
    'This administrator is named in the server configuration (STAFF_EMAILS) and can only be changed there.',
  FEE_NOT_DUE: 'There is no fee to pay on this application: it has none, or it is already paid or waived.',
  FEE_WAIVER_PENDING: 'Your fee waiver request is being considered: there is nothing to pay until the office decides.',
  DEPOSIT_NOT_DUE: 'A deposit is asked for only once you have accepted an offer.',
  PAYMENTS_OFFLINE: 'Online payment is not available. Please pay by check or at the admissions office.',
  PAYMENT_PROVIDER_UNAVAILABLE:
    'The payment service did not answer. Please try again in a few minutes: nothing was charged.',
  PAYMENT_SESSION_UNKNOWN: 'That payment could not be found for this application.',
  WEBHOOK_SIGNATURE_INVALID: "The event's signature could not be verified.",
  WAIVER_CRITERION_UNKNOWN: 'Please choose one of the listed reasons for a fee waiver.',
  WAIVER_NOT_AVAILABLE: 'A fee waiver can be asked for only while the application fee is unpaid, once.',
  WAIVER_REQUEST_UNKNOWN: 'This application has no fee waiver request waiting for a decision.',
  REFUND_TOO_LARGE: 'A refund cannot be more than what is left of the payment.',
  PAYMENT_NOT_REFUNDABLE: 'Only a paid payment can be refunded.',
  REFUND_IN_PROGRESS: 'Another refund of this payment is being sent. Please wait for it and try again.',
  PAYMENT_FORMAT_UNKNOWN: 'Payments come as JSON or as CSV (text/csv).',
  CONFIRM_COUNT_MISMATCH: 'The number of recipients has changed. Please check the count and type it again.',
  MESSAGE_PLACEHOLDER_UNKNOWN: 'The message uses a placeholder that does not exist.',
  MESSAGE_SEGMENT_INVALID: 'The group of applicants names a filter value that does not exist.',
  MESSAGE_NOT_DRAFT: 'Only a draft can be changed or sent; this message is already scheduled, sending or sent.',
  MESSAGE_NOT_STOPPABLE: 'Only a scheduled or sending message can be stopped.',
  MESSAGE_TIME_IN_PAST: 'Please choose a time in the future, or send it now.',
  UNSUBSCRIBE_LINK_INVALID: 'This unsubscribe link is not valid.',
  MFA_REQUIRED: 'Please complete your second sign-in step (an authenticator code or a passkey) to continue.',
  REAUTH_REQUIRED: 'For this action, please confirm it is you by signing in again.',
  SSO_REQUIRED: 'Admissions staff sign in with the campus account: please use the staff sign-in button.',
  SSO_FAILED: 'The campus sign-in could not be completed. Please start again from the sign-in page.',
  SSO_MEMBER_UNKNOWN: 'Your campus account is not a member of the admissions office team. Please ask an administrator.',
  SSO_NOT_CONFIGURED: 'Staff sign-in with a campus account is not set up here.',
  MFA_CODE_INVALID: 'That code is not valid. Please check your authenticator app and try again.',
  MFA_ALREADY_ENROLLED: 'A second factor is already set up. An administrator can reset it if you lost it.',
  MFA_NOT_ENROLLED: 'No second factor is set up yet. Please set one up first.',
  PASSKEY_INVALID: 'The passkey could not be verified. Please try again, or use a code.',
  REAUTH_WITH_SSO: 'You signed in with the campus account: please sign in with it again to confirm it is you.',
  MFA_LAST_FACTOR:
    'This is your only second factor, and one is required: set up another (an authenticator app or a passkey) before removing it.',
  LAST_ADMINISTRATOR: 'The team needs at least one administrator: the last one cannot be removed or lose the role.',
};

/** The body of every error answer. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  /** Field key to messages, for validation failures. */
  errors?: Record<string, string[]>;
  /** On a 5xx only: the request's id, also its X-Request-Id header and on its log lines. */
  request_id?: string;
  /**
   * On a 404 only: the id the item asked for has now (decision 064: a staff link to an application that moved to
   * an owner of its own when its applicant started the next cycle).
   */
  moved_to?: string;
  /** On a 409 CONFIRM_COUNT_MISMATCH only: how many a message would reach now (issue 46), to type again. */
  count?: number;
}
