import type { Db, Queryable } from '../../infra/db/db';
import { AppError } from '../../http/app-error';
import { MAIL_MAX_PER_HOUR, MAIL_MIN_INTERVAL_MS, MAIL_WINDOW_MS } from '../../session/account-limits';
import { recentMailRequests, recordMailRequest } from './throttle-repository';

/**
 * Claims the right to send one more e-mail of this purpose to the address, or
 * throws MAIL_TOO_SOON. It applies to every address asked about, registered
 * or not, so the answer never reveals whether an account exists. Claims for
 * one address and purpose queue behind a transaction lock: requests sent at
 * the same instant must not all find the slot free and each send a mail.
 * The email argument is a throttle key (trusted-devices.ts throttleKey): a
 * browser the owner logged in from has its own budget, so a stranger asking
 * for the owner's mails spends only the budget of untrusted clients.
 */
export async function claimMailSlot(db: Db, email: string, purpose: string, now: Date): Promise<void> {
  await withSlotLock(db, email, purpose, (tx) => claimLocked(tx, email, purpose, now));
}

/** Counts a mail that is sent whatever the throttle says (a new account's first code), under the same lock. */
export async function recordMailSlot(db: Db, email: string, purpose: string, now: Date): Promise<void> {
  await withSlotLock(db, email, purpose, (tx) => recordMailRequest(tx, email, purpose, now));
}

function withSlotLock(db: Db, email: string, purpose: string, fn: (tx: Queryable) => Promise<void>) {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`mail-slot:${purpose}:${email}`]);
    await fn(tx);
  });
}

async function claimLocked(db: Queryable, email: string, purpose: string, now: Date): Promise<void> {
  const recent = await recentMailRequests(db, email, purpose, new Date(now.getTime() - MAIL_WINDOW_MS));
  const newest = recent[0];
  if (newest && now.getTime() - newest.getTime() < MAIL_MIN_INTERVAL_MS) {
    throw new AppError('MAIL_TOO_SOON', {
      retryAfterSeconds: Math.ceil((newest.getTime() + MAIL_MIN_INTERVAL_MS - now.getTime()) / 1000),
    });
  }
  if (recent.length >= MAIL_MAX_PER_HOUR) {
    const oldest = recent[MAIL_MAX_PER_HOUR - 1]!;
    throw new AppError('MAIL_TOO_SOON', {
      message:
        'We have sent several e-mails to this address in the last hour. Please check your inbox, or try again later.',
      retryAfterSeconds: Math.ceil((oldest.getTime() + MAIL_WINDOW_MS - now.getTime()) / 1000),
    });
  }
  await recordMailRequest(db, email, purpose, now);
}
