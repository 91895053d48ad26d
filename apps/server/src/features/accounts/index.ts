// The accounts feature's public entry: what other features use of its device trust and mail throttle.
export { DEVICE_TRUST_MS } from './device-cookie';
export { claimMailSlot } from './mail-throttle';
export { accountUrls } from './account-urls';
// The staff second factor (features/staff-mfa) throttles wrong codes as logins are, and checks a fresh sign-in's password.
export { addLoginFailure, clearLoginThrottle, findLoginThrottle, lockLogin } from './throttle-repository';
export { verifyPassword } from './password-hashing';
