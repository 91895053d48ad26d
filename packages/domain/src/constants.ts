/** Business constants of SPEC section 9, shared by the web app and the server. */

export const INACTIVITY_TIMEOUT_MS = 900_000;
export const INACTIVITY_WARNING_BEFORE_MS = 60_000;

export const PASSWORD_MIN_LENGTH = 12;
export const CONFIRMATION_CODE_LENGTH = 6;
export const TEXT_INPUT_MAX_LENGTH = 45;
export const TEXT_AREA_MAX_LENGTH = 1500;
export const ESSAY_WORDS = 750;

export const MIN_AGE_YEARS = 13;
export const MAX_AGE_YEARS = 100;

export const FILE_MAX_BYTES = 1_048_576;
export const FILE_NAME_MAX_LENGTH = 32;
export const FILE_EXTENSIONS = ['png', 'jpeg', 'jpg', 'pdf', 'docx'] as const;

export const MAX_REPEATS = 10;
export const ADD_ANOTHER_DEFAULT_COUNT = 1;

export const COUNTRIES_REQUIRING_STATE = ['USA', 'CAN'] as const;
export const ZIP_MIN_LENGTH = 5;

export const WELCOME_BANNER_MAX_LOGINS = 3;

export const BREAKPOINT_MOBILE_PX = 675;
export const BREAKPOINT_TABLET_PX = 900;

export const TOAST_DURATION_MS = 5000;
export const ERROR_TOAST_DURATION_MS = 300_000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'] as const;

export const DOC_CONVERSION_POLL_MS = 2000;
export const PDF_STATUS_POLL_FAST_MS = 1000;
export const PDF_STATUS_POLL_SLOW_MS = 600_000;

export const AUTOCOMPLETE_MAX_RESULTS = 5;
export const AUTOCOMPLETE_DEBOUNCE_MS = 200;
export const AUTOCOMPLETE_MAX_WAIT_MS = 500;

export const ACCOUNT_POPOVER_SIDE_OFFSET = 5;
export const ACCOUNT_POPOVER_Z_INDEX = 2000;

/**
 * Cookies whose names start with this prefix tell the web app that someone is
 * logged in (SPEC section 4). They carry no secret: the session itself lives in
 * an HttpOnly cookie the browser's scripts cannot read.
 */
export const LOGIN_COOKIE_PREFIX = 'ap_idp_';
export const LOGIN_MARKER_COOKIE = `${LOGIN_COOKIE_PREFIX}signed_in`;
export const SESSION_COOKIE = 'ap_session';
/** Over https the server names every cookie with this prefix (apps/server session-cookies.ts). */
export const HOST_COOKIE_PREFIX = '__Host-';
