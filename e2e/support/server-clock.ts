/**
 * The e2e server's clock, moved through its control port (E2E_CLOCK_PORT,
 * opened only by the e2e entry: decision 053). Moving it forward runs the
 * scheduled work then due, so a release "a minute ahead" needs no waiting.
 */
function controlUrl(path: string): string {
  const port = process.env.E2E_CLOCK_PORT;
  if (!port) throw new Error('E2E_CLOCK_PORT must be set by playwright.config.ts');
  return `http://127.0.0.1:${port}${path}`;
}

/** The server's time now. */
export async function serverNow(): Promise<Date> {
  const res = await fetch(controlUrl('/now'));
  if (!res.ok) throw new Error(`the clock control answered ${res.status}`);
  return new Date(((await res.json()) as { now: string }).now);
}

/** Moves the server's time forward and waits for the work then due (scheduled releases) to be done. */
export async function advanceServerClock(ms: number): Promise<{ now: Date; released: number }> {
  const res = await fetch(controlUrl(`/advance?ms=${ms}`), { method: 'POST' });
  if (!res.ok) throw new Error(`the clock control answered ${res.status}: ${await res.text()}`);
  const body = (await res.json()) as { now: string; released: number };
  return { now: new Date(body.now), released: body.released };
}

/**
 * The applicant's live application now belongs to `cycle`, an earlier one than the tenant file opens: as after
 * a start with the next cycle's tenant file, it is read-only until they start one for the open cycle (decision 052).
 */
export async function closeCycleOf(email: string, cycle: string): Promise<void> {
  const query = new URLSearchParams({ email, cycle });
  const res = await fetch(controlUrl(`/close-cycle?${query}`), { method: 'POST' });
  if (!res.ok) throw new Error(`the cycle control answered ${res.status}: ${await res.text()}`);
}
