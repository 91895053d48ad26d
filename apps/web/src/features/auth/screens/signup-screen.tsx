import { useNavigate } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { useNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { useSignup } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { LoggedOutOnly } from '../components/logged-out-only';
import { AuthForm } from '../components/auth-form';
import { NewPasswordField } from '../components/new-password-field';
import { useAccountForm } from '../hooks/use-account-form';
import { useErrorToast } from '../hooks/use-error-toast';

export function SignupScreen() {
  return (
    <LoggedOutOnly>
      <SignupCard />
    </LoggedOutOnly>
  );
}

function SignupCard() {
  const navigation = useNavigationState();
  const navigate = useNavigate();
  const form = useAccountForm('signup', { username: navigation.username ?? '', password: '' });
  const signup = useSignup();
  const showError = useErrorToast('Sign Up Card Error');

  const onSubmit = form.handleSubmit((values) =>
    signup.mutate(values, {
      onSuccess: ({ message }) => {
        const state: NavigationState = { username: values.username, message, answers: navigation.answers };
        void navigate('/confirm', { state });
      },
      onError: (error) => {
        form.showServerErrors(error);
        showError(error);
      },
    }),
  );

  return (
    <AuthCard title="Sign Up" footerQuestion="Already have an account?" footerLinkText="Log In" footerLinkTo="/login">
      <AuthForm ref={form.formRef} onSubmit={onSubmit} submitting={signup.isPending}>
        <TextField label="Email address" type="email" autoComplete="email" required {...form.field('username')} />
        <NewPasswordField label="Password" required {...form.field('password')} ruleErrors={form.errors.password} />
      </AuthForm>
    </AuthCard>
  );
}
