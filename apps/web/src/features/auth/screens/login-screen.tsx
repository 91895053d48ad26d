import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { TextField } from '../../../components/ui/text-field';
import { carryAnswers, useNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { tenantConfigQuery } from '../../../shared/site/api/tenant-api';
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

  const onSubmit = form.handleSubmit((values) =>
    login.mutate(values, {
      onSuccess: ({ message }) => {
        const state: NavigationState = { message, answers: navigation.answers };
        // The institution's text is on screen already (the site layout waits for it): read, not waited for.
        const tenant = queryClient.getQueryData(tenantConfigQuery.queryKey);
        // '/' resolves to the default form page.
        if (!asksWhereToLand(tenant, Object.keys(navigation.answers ?? {}).length > 0))
          return void navigate('/', { state });
        setLanding(true);
        void landingAfterLogin(queryClient).then((to) => navigate(to, { state }));
      },
      onError: (error) => {
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
