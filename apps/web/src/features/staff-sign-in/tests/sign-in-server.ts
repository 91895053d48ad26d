import { ERROR_MESSAGES, type ErrorCode, type MfaStatus } from '@admissions/domain';
import { json } from '../../../test/fetch-stub';
import { consoleServer, me, PASSWORD_SESSION } from '../../staff/tests/console-server';

export const ADMIN = me('dean@college.test', ['admin']);
export const REVIEWER = me('rita@college.test', ['reviewer'], ['MAE']);

/** A refusal as the server sends it: the code, its message, its status. */
export const refusal = (code: ErrorCode, status: number, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ code, message: ERROR_MESSAGES[code] }), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

export const NOT_ENROLLED: MfaStatus = {
  ...PASSWORD_SESSION,
  enrolled: false,
  methods: [],
  second_factor_passed: false,
  recovery_codes_left: 0,
};

export const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `rc-${String(i).padStart(2, '0')}-abcd`);

/**
 * The console of a member signed in with a password whose second step is still to pass: every staff call but
 * GET /api/staff/mfa answers 401 MFA_REQUIRED until `pass()` (a right code, a recovery code or a passkey).
 */
export function secondStepServer(status: MfaStatus, who = ADMIN) {
  const base = consoleServer(who).handlers;
  const state = { passed: false, status };
  const gated = Object.fromEntries(
    Object.entries(base).map(([key, handler]) => [
      key,
      key.includes(' /api/staff/') && key !== 'GET /api/staff/mfa'
        ? (r: Parameters<typeof handler>[0]) => (state.passed ? handler(r) : refusal('MFA_REQUIRED', 401))
        : handler,
    ]),
  );
  return {
    state,
    pass: () => {
      state.passed = true;
      state.status = { ...state.status, enrolled: true, second_factor_passed: true };
    },
    handlers: { ...gated, 'GET /api/staff/mfa': () => json(state.status) },
  };
}
