import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast/toast-context';
import { useNavigationState, type NavigationState } from '../../../lib/navigation-state';
import { useConfirm } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { useAccountForm } from '../hooks/use-account-form';
import { useErrorToast } from '../hooks/use-error-toast';
import { useResendCode } from '../hooks/use-resend-code';

export function ConfirmScreen() {
  const navigation = useNavigationState();
  const navigate = useNavigate();
  // The address comes from sign-up or login (navigation state) and stays editable.
  const form = useAccountForm('confirm', { username: navigation.username ?? '', code: '' });
  const confirm = useConfirm();
  const { showToast } = useToast();
  const showConfirmError = useErrorToast('Confirm Card Error');

  const onSubmit = form.handleSubmit((values) =>
    confirm.mutate(values, {
      onSuccess: ({ message }) => {
        // The login that follows starts with the address just confirmed.
        const state: NavigationState = { message, username: values.username, answers: navigation.answers };
        void navigate('/login', { state });
      },
      onError: (error) => {
        form.showServerErrors(error);
        showConfirmError(error);
      },
    }),
  );

  const { onResend, resending } = useResendCode(form, ({ message }) =>
    showToast({ title: 'Success', description: message, severity: 'success' }),
  );

  return (
    <AuthCard
      title="Confirm Your Account"
      footerQuestion="Already confirmed your account?"
      footerLinkText="Log In"
      footerLinkTo="/login"
    >
      <AuthForm
        ref={form.formRef}
        onSubmit={onSubmit}
        submitting={confirm.isPending}
        extras={
          <Button variant="text" onClick={onResend} loading={resending}>
            Resend confirmation code
          </Button>
        }
      >
        <TextField label="Email address" type="email" autoComplete="username" required {...form.field('username')} />
        <TextField
          label="Confirmation code"
          inputMode="numeric"
          autoComplete="one-time-code"
          description="The 6-digit code we e-mailed you."
          required
          {...form.field('code')}
        />
      </AuthForm>
    </AuthCard>
  );
}
