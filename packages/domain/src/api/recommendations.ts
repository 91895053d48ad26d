import { RECOMMENDER_PREFIXES } from '../form/pages/recommender';

/**
 * Letters of recommendation (docs/decisions/022-recommendation-letters.md):
 * the applicant's calls under /api/recommendations (a session), the
 * recommender's under /public/recommendation (the e-mailed link's token, no
 * account). Shared by the server's routes and the web app's fetchers.
 */

export type RecommenderPrefix = (typeof RECOMMENDER_PREFIXES)[number];

/** A link works until the letter arrives, the applicant replaces the recommender, or this many days pass. */
export const RECOMMENDATION_LINK_DAYS = 60;
/** Automatic reminders, days after the request, while no letter or decline has arrived. */
export const RECOMMENDATION_REMINDER_DAYS = [7, 28] as const;
/** The applicant's 'Send a reminder': at most one a day per recommender. */
export const RECOMMENDATION_REMINDER_GAP_HOURS = 24;
/**
 * A recommender replaced (another address) while their letter was awaited: the
 * new address is asked at the latest this long after the change is saved, if
 * the applicant has not pressed Send request first.
 */
export const RECOMMENDER_REPLACEMENT_DELAY_MINUTES = 10;
export const RECOMMENDATION_LETTER_MAX_LENGTH = 20_000;
export const RECOMMENDATION_LETTER_MIN_LENGTH = 50;
export const RECOMMENDATION_DECLINE_REASON_MAX_LENGTH = 1_000;

/**
 * What the applicant sees of one recommender:
 * - NOT_REQUESTED: nothing sent yet (`can_request` says whether the name and e-mail allow it);
 * - REQUESTED: the link is out, waiting for the letter;
 * - RECEIVED: the letter has arrived (its content is never shown to the applicant);
 * - DECLINED: the recommender declined, with their reason.
 */
export const RECOMMENDATION_STATUSES = ['NOT_REQUESTED', 'REQUESTED', 'RECEIVED', 'DECLINED'] as const;
export type RecommendationStatus = (typeof RECOMMENDATION_STATUSES)[number];

export interface RecommenderState {
  prefix: RecommenderPrefix;
  status: RecommendationStatus;
  /** The recommender's name and address the request went to ('' when none was sent). */
  name: string;
  email: string;
  /** ISO timestamps, null when not (yet) so. */
  requested_at: string | null;
  received_at: string | null;
  declined_at: string | null;
  /** The recommender's reason, when DECLINED. */
  decline_reason: string;
  /** Whether 'Send request' may be pressed now: the recommender's first name, last name and e-mail are valid and no live request goes to that address. */
  can_request: boolean;
  /** Whether 'Send a reminder' may be pressed now (REQUESTED, and no reminder in the last day). */
  can_remind: boolean;
  /** When the applicant's next reminder is allowed (ISO), while REQUESTED. */
  next_reminder_at: string | null;
  /**
   * The programs of the applicant's other applications that this request was sent for too (issue 42): the
   * recommender's one letter counts for each. Empty (or absent, from a server before issue 42) for a request
   * sent for this application alone.
   */
  also_for_programs?: string[];
}

/** GET /api/recommendations, and the answer of the two POSTs. Only the recommenders the form shows the applicant. */
export interface RecommendationsResponse {
  recommenders: RecommenderState[];
}

/**
 * POST /api/recommendations/{prefix}/request. Without a body, or with an empty one, it asks the recommender for
 * the current application alone (as before issue 42). `also_for` names other applications of the same account
 * in the open cycle (their ids, as GET /api/applications lists them) to ask the same recommender for in the same
 * request: one e-mail names every program, and the one letter counts for each application named. Each must show
 * this recommender slot (its program asks for letters), must not be withdrawn, and must not name another
 * recommender there; the recommender's answers are copied into it. An id that is not one of the account's
 * applications in the open cycle is 404 NOT_FOUND.
 */
export interface RecommendationRequestBody {
  also_for?: string[];
}

/** At most this many other applications in one request (the tenant's per-cycle limit is lower). */
export const RECOMMENDATION_ALSO_FOR_MAX = 10;

/** Program labels as one phrase: 'A', 'A and B', 'A, B and C'. */
export function programListText(programs: readonly string[]): string {
  if (programs.length <= 1) return programs[0] ?? '';
  return `${programs.slice(0, -1).join(', ')} and ${programs.at(-1)}`;
}

/**
 * 20000 as '20,000'. Not toLocaleString: the first number Intl formats in a
 * process loads its locale data, about 12 ms of every server start spent on
 * these two messages.
 */
const withCommas = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** Messages kept apart from the codes. */
export const RECOMMENDATION_MESSAGES = {
  requestSent: 'We e-mailed your recommender a link to send us a letter.',
  reminderSent: 'We e-mailed your recommender a reminder.',
  letterTooShort: `Please write at least ${RECOMMENDATION_LETTER_MIN_LENGTH} characters, or upload your letter as a file.`,
  letterTooLong: `Please keep your letter under ${withCommas(RECOMMENDATION_LETTER_MAX_LENGTH)} characters, or upload it as a file.`,
  reasonRequired: 'Please tell the applicant briefly why you are declining.',
  reasonTooLong: `Please keep your reason under ${withCommas(RECOMMENDATION_DECLINE_REASON_MAX_LENGTH)} characters.`,
  mailLimit:
    'You have sent many e-mails to recommenders today. Please try again tomorrow, or write to the admissions office.',
  addressLimit: 'We cannot send more e-mails to this address today. Please try again tomorrow.',
  letterReceived: 'Thank you. We have received your letter.',
  declined: 'Thank you for letting us know. We will tell the applicant.',
} as const;

export const RECOMMENDATIONS_PATH = '/api/recommendations';
export const recommendationRequestPath = (prefix: RecommenderPrefix) => `${RECOMMENDATIONS_PATH}/${prefix}/request`;
export const recommendationReminderPath = (prefix: RecommenderPrefix) => `${RECOMMENDATIONS_PATH}/${prefix}/reminder`;

/** The recommender's page in the web app; the e-mailed link is this path with `?token=`. */
export const RECOMMEND_PAGE_PATH = '/recommend';

/*
 * The recommender's calls. The token always travels in the JSON body (never
 * in an API URL, which logs and proxies keep), and every call answers the
 * page's state, or 410 RECOMMENDATION_LINK_INVALID for a link that is unknown,
 * expired, replaced or already used.
 */
export const RECOMMENDATION_PUBLIC_PATH = '/public/recommendation';
export const RECOMMENDATION_OPEN_PATH = `${RECOMMENDATION_PUBLIC_PATH}/open`;
export const RECOMMENDATION_UPLOAD_FORM_PATH = `${RECOMMENDATION_PUBLIC_PATH}/upload-form`;
export const RECOMMENDATION_LETTER_FILE_PATH = `${RECOMMENDATION_PUBLIC_PATH}/letter-file`;
export const RECOMMENDATION_LETTER_TEXT_PATH = `${RECOMMENDATION_PUBLIC_PATH}/letter-text`;
export const RECOMMENDATION_DECLINE_PATH = `${RECOMMENDATION_PUBLIC_PATH}/decline`;

/** The uploaded letter's conversion, while the recommender waits on the page. */
export const LETTER_FILE_STATUSES = ['NONE', 'UNPROCESSED', 'IN_PROGRESS', 'COMPLETED', 'FAILED'] as const;
export type LetterFileStatus = (typeof LETTER_FILE_STATUSES)[number];

/** What the recommender's page shows. */
export interface RecommendationView {
  /** OPEN: waiting for a letter; RECEIVED and DECLINED: the confirmation (the link is used up). */
  state: 'OPEN' | 'RECEIVED' | 'DECLINED';
  /** The applicant's name as they gave it, and the program applied to (several as one phrase: 'A and B'). */
  applicant_name: string;
  program: string;
  /** Every program the letter counts for (issue 42): one, or each application the recommender was asked for. */
  programs: string[];
  /** The institution that asks (the tenant's name). */
  institution: string;
  recommender_name: string;
  /** true: the applicant waived the right to read the letter; false: did not; null: has not said. */
  waived: boolean | null;
  requested_at: string;
  expires_at: string;
  /** The letter is due by the program's deadline (issue 29): that instant and the institution's zone; null without a program. */
  letter_due: { at: string; time_zone: string } | null;
  /** An uploaded letter's conversion; while UNPROCESSED or IN_PROGRESS the page polls …/open. */
  letter_file: { status: LetterFileStatus; file_name: string; message: string };
}

/** What the office sees of each letter request of an application (the staff application page). */
export interface StaffRecommendation {
  id: string;
  prefix: RecommenderPrefix;
  /** The recommender as the applicant entered them when the request was sent. */
  name: string;
  email: string;
  organisation: string;
  position: string;
  relation: string;
  status: 'REQUESTED' | 'RECEIVED' | 'DECLINED';
  /** false when the applicant has since replaced this recommender (a received letter is kept). */
  current: boolean;
  requested_at: string;
  received_at: string | null;
  declined_at: string | null;
  decline_reason: string;
  reminders_sent: number;
  /** Whether the applicant had waived the right to read the letter when it arrived (null: had not said; or no letter). */
  waived_at_receipt: boolean | null;
  /** The letter: written in the page's text box, or uploaded and converted to PDF (`file_url` opens it). */
  letter_text: string;
  letter_file_name: string;
  letter_file_url: string;
}
