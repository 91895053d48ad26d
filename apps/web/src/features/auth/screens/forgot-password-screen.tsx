import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNavigationState } from '../../../lib/navigation-state';
import { useForgotPassword } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { useAccountForm } from '../hooks/use-account-form';
import { useErrorToast } from '../hooks/use-error-toast';

export function ForgotPasswordScreen() {
  const navigation = useNavigationState();
  const form = useAccountForm('forgot', { username: navigation.username ?? '' });
  const forgot = useForgotPassword();
  const { showToast } = useToast();
  const showError = useErrorToast('Forgot Password Card Error');

  const onSubmit = form.handleSubmit((values) =>
    forgot.mutate(values, {
      // SPEC section 2: the server's message in a toast the user can close.
      onSuccess: ({ message }) => showToast({ title: 'Success', description: message, severity: 'success' }),
      onError: (error) => {
        form.showServerErrors(error);
        showError(error);
      },
    }),
  );

  return (
    <AuthCard
      title="Forgot Password"
      footerQuestion="Remember your password?"
      footerLinkText="Log In"
      footerLinkTo="/login"
    >
      <p>Enter the e-mail address of your account and we will send you a link to reset your password.</p>
      <AuthForm ref={form.formRef} onSubmit={onSubmit} submitting={forgot.isPending}>
        <TextField label="Email address" type="email" autoComplete="username" required {...form.field('username')} />
      </AuthForm>
    </AuthCard>
  );
}
