/**
 * Whether this process has begun to stop (SIGTERM or SIGINT). Readiness reads
 * it so that a balancer stops sending new calls before the listener closes;
 * it is the process's state, not one app's, so it lives here once.
 */
let stopping = false;

export function markStopping(): void {
  stopping = true;
}

export function isStopping(): boolean {
  return stopping;
}
