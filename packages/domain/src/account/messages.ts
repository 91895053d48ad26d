/** The exact account-form messages of SPEC section 5. */
export const ACCOUNT_MESSAGES = {
  emailInvalid: 'Your email address must be valid.',
  loginEmailInvalid: 'Please provide a valid email address.',
  passwordRequired: 'Password is required.',
  codeInvalid: 'The confirmation code must be exactly 6 numbers.',
  resendEmailInvalid: 'You must provide a valid email address to resend a confirmation code.',
  passwordsMustMatch: 'passwords must match',
  resetIdRequired: 'The reset link is incomplete. Please use the link from your e-mail.',
  /** Issue 11: refused by the server against a list of common and breached passwords. */
  passwordTooCommon:
    'This password is too common: it appears on lists of breached passwords. Please choose a different one.',
} as const;
