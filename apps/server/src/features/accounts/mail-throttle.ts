import type { Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { MAIL_MAX_PER_HOUR, MAIL_MIN_INTERVAL_MS } from './account-limits';
import { recentMailRequests, recordMailRequest } from './throttle-repository';

const HOUR = 3_600_000;

/**
 * Claims the right to send one more e-mail of this purpose to the address, or
 * throws MAIL_TOO_SOON. It applies to every address asked about, registered
 * or not, so the answer never reveals whether an account exists.
 */
export async function claimMailSlot(db: Queryable, email: string, purpose: string, now: Date): Promise<void> {
  const recent = await recentMailRequests(db, email, purpose, new Date(now.getTime() - HOUR));
  const newest = recent[0];
  if (newest && now.getTime() - newest.getTime() < MAIL_MIN_INTERVAL_MS) {
    throw new AppError('MAIL_TOO_SOON', {
      retryAfterSeconds: Math.ceil((newest.getTime() + MAIL_MIN_INTERVAL_MS - now.getTime()) / 1000),
    });
  }
  if (recent.length >= MAIL_MAX_PER_HOUR) {
    const oldest = recent[MAIL_MAX_PER_HOUR - 1]!;
    throw new AppError('MAIL_TOO_SOON', {
      message: 'We have sent several e-mails to this address in the last hour. Please check your inbox, or try again later.',
      retryAfterSeconds: Math.ceil((oldest.getTime() + HOUR - now.getTime()) / 1000),
    });
  }
  await recordMailRequest(db, email, purpose, now);
}
