import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { TextField } from '../../../components/ui/text-field';
import type { NavigationState } from '../../../lib/navigation-state';
import { useResetPassword } from '../api/account-api';
import { AuthCard } from '../components/auth-card';
import { AuthForm } from '../components/auth-form';
import { NewPasswordField } from '../components/new-password-field';
import { useAccountForm } from '../hooks/use-account-form';
import { useErrorToast } from '../hooks/use-error-toast';

export function ResetPasswordScreen() {
  const [params] = useSearchParams();
  // The e-mailed link carries ?username=&id= (SPEC section 2); read once, when the page opens.
  const [fromLink] = useState(() => ({ username: params.get('username') ?? '', id: params.get('id') ?? '' }));
  const navigate = useNavigate();
  const form = useAccountForm('reset', { ...fromLink, password: '', confirm_password: '' });
  const reset = useResetPassword();
  const showError = useErrorToast('Reset Password Card Error');

  const onSubmit = form.handleSubmit((values) =>
    reset.mutate(values, {
      onSuccess: ({ message }) => {
        const state: NavigationState = { message };
        void navigate('/login', { state });
      },
      onError: (error) => {
        form.showServerErrors(error);
        showError(error);
      },
    }),
  );

  // The id is a hidden input, so its message is shown above the fields.
  const idErrors = form.errorsOf('id');
  return (
    <AuthCard
      title="Reset Password"
      footerQuestion="Remember your password?"
      footerLinkText="Log In"
      footerLinkTo="/login"
    >
      {idErrors.length > 0 && <InlineAlert severity="error">{idErrors.join(' ')}</InlineAlert>}
      <AuthForm ref={form.formRef} onSubmit={onSubmit} submitting={reset.isPending}>
        <input type="hidden" name="id" value={form.values.id} />
        <TextField label="Email address" type="email" autoComplete="username" required {...form.field('username')} />
        <NewPasswordField label="Password" required {...form.field('password')} ruleErrors={form.errors.password} />
        <TextField
          label="Confirm password"
          type="password"
          autoComplete="new-password"
          required
          {...form.field('confirm_password')}
        />
      </AuthForm>
    </AuthCard>
  );
}
