import type {
  ConfirmBody,
  ForgotPasswordBody,
  LoginBody,
  MessageResponse,
  ResendConfirmBody,
  ResetPasswordBody,
  SignupBody,
} from '@admissions/domain';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import {
  applicationLimit,
  applicationsQueryKey,
  getApplications,
  openCycleApplications,
  YOUR_APPLICATIONS_PATH,
} from '../../../shared/session/api/applications-api';
import { refreshSession } from '../../../shared/session/session-store';

// The account's public calls (POST /public/…): sign up, confirm the address, log in, reset the password.

export function signup(body: SignupBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/signup', body);
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}

export function confirm(body: ConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/confirm', body);
}

export function useConfirm() {
  return useMutation({ mutationFn: confirm });
}

export function resendConfirm(body: ResendConfirmBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/resend-confirm', body);
}

export function useResendConfirm() {
  return useMutation({ mutationFn: resendConfirm });
}

export function login(body: LoginBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/login', body);
}

export function useLogin() {
  return useMutation({
    mutationFn: login,
    // The server has just set the login cookie: let everyone see it.
    onSuccess: () => refreshSession(),
  });
}

/**
 * Where a login leads (issue 42): the form ('/', which resolves to the default form page) for one application, as
 * always; the list of applications for an account with several in the open cycle, so the applicant chooses which
 * one to continue. Only an institution that takes several asks (one call, kept for the list page), and not when
 * the visitor's answers travel into the application the form opens (asksWhereToLand). Any failure leads to the
 * form, as before.
 */
export function asksWhereToLand(
  tenant: { max_applications_per_cycle?: number } | undefined,
  carriesAnswers: boolean,
): boolean {
  return !carriesAnswers && tenant !== undefined && applicationLimit(tenant) > 1;
}

export async function landingAfterLogin(queryClient: QueryClient): Promise<string> {
  try {
    const list = await getApplications();
    queryClient.setQueryData(applicationsQueryKey, list);
    return openCycleApplications(list).length > 1 ? YOUR_APPLICATIONS_PATH : '/';
  } catch {
    return '/';
  }
}

export function forgotPassword(body: ForgotPasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}

export function resetPassword(body: ResetPasswordBody): Promise<MessageResponse> {
  return api.post<MessageResponse>('/public/reset-password', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
