/**
 * The account calls of SPEC section 7: their answers and messages. The request
 * bodies' schemas are in ../schemas/accounts (server only).
 */

/** Every successful account call answers with a message for the user. */
export interface MessageResponse {
  message: string;
}

export const ACCOUNT_SUCCESS_MESSAGES = {
  signup: 'Thanks for signing up! We have e-mailed you a 6-digit confirmation code.',
  confirm: 'Your account is confirmed. You can now log in.',
  resend: 'If that account still needs confirming, a new code is on its way to your inbox.',
  login: 'You are logged in.',
  forgot: 'If an account exists for that address, we have e-mailed you a link to reset your password.',
  reset: 'Your password has been reset. You can now log in with your new password.',
  logout: 'You have been logged out.',
  deleteAccount: 'Your account, your application and its documents have been deleted.',
} as const;
