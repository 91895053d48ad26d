import { ERROR_MESSAGES, type ErrorCode } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { TextField } from '../../../components/ui/text-field';
import { carryAnswers, useNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { ServerError } from '../../../lib/api-errors';
import { tenantConfigQuery } from '../../../shared/site/api/tenant-api';
import { consoleReturnPath } from '../../staff-sign-in/api/staff-sso-api';
import { STAFF_SSO_BUTTON_ID, StaffSsoButton } from '../../staff-sign-in/components/staff-sso-button';
import { asksWhereToLand, landingAfterLogin, useLogin } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { LoggedOutOnly } from '../components/logged-out-only';
import { AuthForm } from '../components/auth-form';
import { useAccountForm } from '../hooks/use-account-form';
import { useErrorToast } from '../hooks/use-error-toast';
import { useResendCode } from '../hooks/use-resend-code';

export function LoginScreen() {
  return (
    <LoggedOutOnly>
      <LoginCard />
    </LoggedOutOnly>
  );
}

function LoginCard() {
  const navigation = useNavigationState();
  const navigate = useNavigate();
  const form = useAccountForm('login', { username: navigation.username ?? '', password: '' });
  const login = useLogin();
  const queryClient = useQueryClient();
  // While the login looks up where it leads (several applications: their list), Submit stays busy.
  const [landing, setLanding] = useState(false);
  const showLoginError = useErrorToast('Login Card Error');
  // Staff (issue 44): the console page the visitor came from, and a campus sign-in that failed on its way back.
  const [params] = useSearchParams();
  const returnTo = consoleReturnPath(params.get('return_to'));
  const ssoError = ssoErrorMessage(params.get('sso_error'));
  const [ssoRequired, setSsoRequired] = useState<string>();

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ message }) => {
        const state: NavigationState = { message, answers: navigation.answers };
        if (returnTo) return void navigate(returnTo, { state });
        // The institution's text is on screen already (the site layout waits for it): read, not waited for.
        const tenant = queryClient.getQueryData(tenantConfigQuery.queryKey);
        // '/' resolves to the default form page.
        if (!asksWhereToLand(tenant, Object.keys(navigation.answers ?? {}).length > 0))
          return void navigate('/', { state });
        setLanding(true);
        void landingAfterLogin(queryClient).then((to) => navigate(to, { state }));
      },
      onError: (error) => {
        // A staff address that must use the campus sign-in (STAFF_AUTH=sso): said here, and the button is next.
        if (error instanceof ServerError && error.code === 'SSO_REQUIRED') {
          setSsoRequired(error.message);
          document.getElementById(STAFF_SSO_BUTTON_ID)?.focus();
          return;
        }
        setSsoRequired(undefined);
        form.showServerErrors(error);
        showLoginError(error);
      },
    }),
  );

  const { onResend, resending } = useResendCode(form, ({ message, username }) => {
    const state: NavigationState = { username, message, answers: navigation.answers };
    void navigate('/confirm', { state });
  });

  return (
    <AuthCard title="Log In" footerQuestion="Don't have an account?" footerLinkText="Sign Up" footerLinkTo="/signup">
      {navigation.errorMessage && <InlineAlert severity="error">{navigation.errorMessage}</InlineAlert>}
      {ssoError && <InlineAlert severity="error">{ssoError}</InlineAlert>}
      {ssoRequired && <InlineAlert severity="error">{ssoRequired}</InlineAlert>}
      <StaffSsoButton returnTo={returnTo} />
      <AuthForm
        ref={form.formRef}
        onSubmit={onSubmit}
        submitting={login.isPending || landing}
        extras={
          <>
            <Link to="/forgot" state={carryAnswers(navigation.answers)}>
              Forgot password?
            </Link>
            <Button variant="text" onClick={onResend} loading={resending}>
              Resend confirmation code
            </Button>
          </>
        }
      >
        <TextField label="Email address" type="email" autoComplete="username" required {...form.field('username')} />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          {...form.field('password')}
        />
      </AuthForm>
    </AuthCard>
  );
}

/** A campus sign-in that failed lands on /login?sso_error=CODE: its message, or the general one for a code unknown. */
function ssoErrorMessage(code: string | null): string | undefined {
  if (!code) return undefined;
  return code in ERROR_MESSAGES ? ERROR_MESSAGES[code as ErrorCode] : ERROR_MESSAGES.SSO_FAILED;
}
