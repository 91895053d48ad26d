/** Who is calling an account route: the client address (for per-IP limits) and the browser's device cookie. */
export interface AccountClient {
  ip: string;
  /** Hash of the browser's device id (device-cookie.ts); absent for a client that keeps no cookies. */
  device?: string | undefined;
}
