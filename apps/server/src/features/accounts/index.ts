// The accounts feature's public entry: what other features use of its device trust and mail throttle.
export { DEVICE_TRUST_MS } from './device-cookie';
export { claimMailSlot } from './mail-throttle';
export { accountUrls } from './account-urls';
