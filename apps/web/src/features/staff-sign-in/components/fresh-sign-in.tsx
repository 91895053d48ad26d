import type { MfaStatus } from '@admissions/domain';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { PageLoading } from '../../../components/ui/page-loading';
import { TextField } from '../../../components/ui/text-field';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useCall } from '../../../components/modal/use-call';
import { onReauthRequired } from '../../../lib/api-client';
import { ServerError } from '../../../lib/api-errors';
import { getMfaStatus, MFA_KEY } from '../api/mfa-api';
import { reauth } from '../api/reauth-api';
import { ssoLoginUrl, useStaffSso } from '../api/staff-sso-api';
import { CodeField, digitsOf } from './code-field';
import { StepError } from './step-error';
import styles from './sign-in.module.css';

interface Asking {
  promise: Promise<boolean>;
  resolve: (signedIn: boolean) => void;
}

/**
 * The console's one answer to 401 REAUTH_REQUIRED (issue 44): "Confirm it is you", then the API client makes the
 * refused call again (lib/api-client.ts, onReauthRequired), whatever screen made it. Several calls refused at once
 * share one question; Cancel leaves each its refusal to show. A session that signed in through the campus account
 * (or that the server says did, 409 REAUTH_WITH_SSO) signs in there again instead. Mounted once, by the console's gate.
 */
export function FreshSignIn() {
  const [asking, setAsking] = useState<Asking | null>(null);
  const current = useRef<Asking | null>(null);
  // What had the focus when the question came (the button whose call was refused): it gets it back.
  const opener = useRef<Element | null>(null);
  const [busy, setBusy] = useState(false);
  const [ssoSaid, setSsoSaid] = useState(false);
  const formId = useId();

  useEffect(
    () =>
      onReauthRequired(() => {
        if (!current.current) {
          let resolve!: (signedIn: boolean) => void;
          const promise = new Promise<boolean>((r) => (resolve = r));
          current.current = { promise, resolve };
          opener.current = document.activeElement;
          setSsoSaid(false);
          setAsking(current.current);
        }
        return current.current.promise;
      }),
    [],
  );
  // Leaving the console with the question open is a no: the refused call ends with its refusal.
  useEffect(() => () => current.current?.resolve(false), []);

  const finish = (signedIn: boolean) => {
    current.current?.resolve(signedIn);
    current.current = null;
    setAsking(null);
  };

  const open = asking !== null;
  const status = useQuery({ queryKey: MFA_KEY, queryFn: getMfaStatus, enabled: open, throwOnError: false });
  const ssoSession = ssoSaid || (status.data !== undefined && status.data.sign_in_method !== 'password');
  const sso = useStaffSso(open && ssoSession);
  const { pathname, search } = useLocation();
  const ssoHref = sso.data ? ssoLoginUrl(sso.data, { returnTo: pathname + search, fresh: true }) : undefined;

  return (
    <Modal
      title="Confirm it is you"
      size="s"
      open={open}
      onOpenChange={(next) => {
        if (!next && !busy) finish(false);
      }}
      onCloseAutoFocus={(event) => {
        const element = opener.current;
        if (!(element instanceof HTMLElement) || !element.isConnected) return;
        event.preventDefault();
        // The refused button is often still busy with the retried call: then the dialog it sits in, if any.
        (isDisabled(element) ? element.closest<HTMLElement>('[role="dialog"]') : element)?.focus();
      }}
      actions={
        ssoSession ? (
          <>
            <ModalClose asChild>
              <Button variant="secondary">Cancel</Button>
            </ModalClose>
            {sso.data && ssoHref && (
              <a className={styles.linkButton} href={ssoHref}>
                Sign in again with {sso.data.label}
              </a>
            )}
          </>
        ) : (
          <ModalActions confirmLabel="Confirm" form={formId} busy={busy} confirmDisabled={status.isPending} />
        )
      }
    >
      {!open ? null : ssoSession ? (
        <p>For this action, please sign in again with your campus account. You will come back to this page.</p>
      ) : status.isPending ? (
        <PageLoading />
      ) : (
        <PasswordForm
          formId={formId}
          status={status.data}
          onBusy={setBusy}
          onSignedIn={() => finish(true)}
          onSsoSession={() => setSsoSaid(true)}
        />
      )}
    </Modal>
  );
}

function isDisabled(element: HTMLElement): boolean {
  return element.matches(':disabled') || element.getAttribute('aria-disabled') === 'true';
}

/** A password session's fresh sign-in: the password, or a code from the authenticator app when one is set up. */
function PasswordForm({
  formId,
  status,
  onBusy,
  onSignedIn,
  onSsoSession,
}: {
  formId: string;
  status: MfaStatus | undefined;
  onBusy: (busy: boolean) => void;
  onSignedIn: () => void;
  onSsoSession: () => void;
}) {
  const [withCode, setWithCode] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const call = useCall();
  useEffect(() => onBusy(call.busy), [call.busy, onBusy]);
  const hasApp = status?.methods.includes('totp') ?? false;
  // The field appears once the dialog knows how the session signed in: typing starts there, not on Cancel.
  useEffect(() => {
    document.getElementById(formId)?.querySelector('input')?.focus();
  }, [formId]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void call.run(async () => {
      try {
        await reauth(withCode ? { code: digitsOf(code) } : { password });
      } catch (error) {
        if (error instanceof ServerError && error.code === 'REAUTH_WITH_SSO') return onSsoSession();
        throw error;
      }
      onSignedIn();
    });
  };
  const switchField = () => {
    setWithCode(!withCode);
    call.clearError();
    requestAnimationFrame(() => document.getElementById(formId)?.querySelector('input')?.focus());
  };

  return (
    <form id={formId} className={styles.form} onSubmit={submit} noValidate>
      <p>This action needs a recent sign-in. Enter your {withCode ? 'authenticator code' : 'password'} to go on.</p>
      {withCode ? (
        <CodeField value={code} onChange={setCode} />
      ) : (
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
      )}
      {hasApp && (
        <Button variant="text" onClick={switchField}>
          {withCode ? 'Use your password instead' : 'Use an authenticator code instead'}
        </Button>
      )}
      <StepError error={call.error} />
    </form>
  );
}
