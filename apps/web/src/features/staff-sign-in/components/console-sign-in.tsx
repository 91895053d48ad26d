import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { registerSignOutPage } from '../../../shared/session/sign-out-page';
import { mfaStatusOnce } from '../api/mfa-api';
import { FreshSignIn } from './fresh-sign-in';

/** Where an OpenID Connect session ends: at the provider too (RP-initiated logout), then back to /login. */
export const OIDC_LOGOUT_PATH = '/auth/staff/oidc/logout';

/**
 * What the console adds to the session while it is shown (issue 44): the fresh sign-in a risky action may ask for,
 * and a logout that ends an OpenID Connect sign-in at the provider (asked when the person logs out, not before).
 */
export function ConsoleSignIn() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      registerSignOutPage(async () =>
        (await mfaStatusOnce(queryClient)).sign_in_method === 'oidc' ? OIDC_LOGOUT_PATH : null,
      ),
    [queryClient],
  );
  return <FreshSignIn />;
}
