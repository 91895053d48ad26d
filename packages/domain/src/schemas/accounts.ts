import { z } from 'zod';
import { MAX_EMAIL_LENGTH } from '../account/email';

/**
 * Request bodies of the account calls (SPEC section 7). zod checks shape and
 * size; the account rules (validateAccountForm) decide what is acceptable, so
 * the browser and the server give the same messages.
 */
const username = z.string().max(MAX_EMAIL_LENGTH);
const password = z.string().max(256);

export const signupBody = z.strictObject({ username, password });
export const loginBody = z.strictObject({ username, password });
export const confirmBody = z.strictObject({ username, code: z.string().max(32) });
export const resendConfirmBody = z.strictObject({ username });
export const forgotPasswordBody = z.strictObject({ username });
export const resetPasswordBody = z.strictObject({
  username,
  password,
  confirm_password: password,
  id: z.string().max(256),
});
/** DELETE /api/account: the account's own address, typed again to confirm. */
export const deleteAccountBody = z.strictObject({ confirm_username: username });

export type SignupBody = z.infer<typeof signupBody>;
export type LoginBody = z.infer<typeof loginBody>;
export type ConfirmBody = z.infer<typeof confirmBody>;
export type ResendConfirmBody = z.infer<typeof resendConfirmBody>;
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBody>;
export type ResetPasswordBody = z.infer<typeof resetPasswordBody>;
export type DeleteAccountBody = z.infer<typeof deleteAccountBody>;
