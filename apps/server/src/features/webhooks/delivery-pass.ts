import type { KeyObject } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { recordTries, type SentTry } from './delivery-record';
import { LEASE_MS, takeDueDeliveries, type TakenDelivery } from './delivery-take';
import { webhookBody } from './webhook-body';
import { openSigningSecret } from './webhook-secret';
import { sendSigned, signingKeyOf } from './webhook-sender';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secretKey'>;

/** Sends kept in flight at once (each to a different application or endpoint), the bare loop's concurrency. */
const WINDOW = 50;
/**
 * Deliveries taken ahead of the sends, TAKE at a time and up to TAKES_MAX takes at once (SKIP LOCKED: each takes
 * other deliveries), so that a send that ends is followed at once by the next rather than by a take's round trip:
 * a take is started while what waits, with what the takes under way will bring, is under READY_MAX.
 */
const TAKE = 200;
const TAKES_MAX = 2;
const READY_MAX = 3 * TAKE;
/**
 * A delivery that waited this long since its take (a window held by slow receivers) is not sent but left to its
 * lease: sent now, its try could outlast the lease, and another take would send it a second time meanwhile.
 */
const READY_AGE_MAX_MS = LEASE_MS / 2;
/** Tries that have ended are recorded once this many wait, or RECORD_WAIT_MS after the first of them ended. */
const RECORD_AT_LEAST = 50;
const RECORD_WAIT_MS = 10;
/**
 * Tries ended and not yet recorded (waiting or being recorded) beyond which nothing more is taken: a database slower
 * than the receivers holds the sends back rather than gathering tries that a crash would send again.
 */
const UNRECORDED_MAX = 8 * WINDOW;

/**
 * The schedule (deliveries 'pending': a try that failed, and the later ones of its application, moved there from
 * their endpoint's stream; rows from before the streams, decision 071): sends every delivery due now (by deps.clock),
 * in line order, until none is left due, keeping up to WINDOW sends in flight: each send that ends is followed at once
 * by the next delivery taken, and the due deliveries are taken ahead (TAKE at a time, up to READY_MAX waiting). The
 * tries that have ended are recorded together, one transaction at a time (the next gathers those that ended
 * meanwhile). A delivery's next in line is taken only once its try is recorded (the take's own rule), so the order per application holds whatever is in flight or waiting.
 * Returns how many tries were made. Safe in several processes at once, and after a process died half-way: its
 * deliveries, taken and not yet recorded, are due again when their lease ends (at least once, never lost). Should a
 * take or a record fail, nothing more is taken or sent (what was taken waits for its lease), the sends in flight end
 * and are recorded as far as the database allows, and the pass throws.
 */
export function runScheduledDeliveries(deps: Deps, log?: Pick<Logger, 'warn'>): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    // The endpoints' signing keys, opened once a pass (a pass's deliveries mostly go to a few endpoints).
    const keys = new Map<string, KeyObject>();
    let tries = 0;
    /** Taken, waiting for a place in the window, with when they were taken (performance.now()). */
    const ready: { delivery: TakenDelivery; takenAt: number }[] = [];
    let inFlight = 0;
    const ended: SentTry[] = [];
    let firstEndedAt = 0;
    let recording = 0;
    /** Takes under way, and how many deliveries they asked for. */
    let takes = 0;
    let asked = 0;
    /** Records committed so far: a take that found fewer than it asked is worth repeating only after another. */
    let recorded = 0;
    /** Whether a take now may find something: the last one was full, or a record has committed since it began. */
    let mayFindMore = true;
    let failure: { error: unknown } | undefined;
    let timer: NodeJS.Timeout | undefined;
    let settled = false;

    const keyOf = (d: TakenDelivery) => {
      const cacheKey = `${d.endpoint_id}\n${d.secret_sealed}`;
      let key = keys.get(cacheKey);
      if (!key) {
        key = signingKeyOf(openSigningSecret(deps.secretKey, d.endpoint_id, d.secret_sealed));
        keys.set(cacheKey, key);
      }
      return key;
    };

    const send = async (delivery: TakenDelivery) => {
      try {
        const startedAt = deps.clock.now();
        const outcome = await sendSigned(
          { url: delivery.url, key: keyOf(delivery), msgId: delivery.event_id, payload: webhookBody(delivery) },
          deps.config.integrations.webhookAllowPrivate,
        );
        if (ended.length === 0) firstEndedAt = performance.now();
        ended.push({ delivery, startedAt, outcome });
        tries++;
      } catch (error) {
        // Not sent (its secret did not open): left to its lease, like a process that died.
        failure ??= { error };
      } finally {
        inFlight--;
        step();
      }
    };

    const take = async (limit: number) => {
      takes++;
      asked += limit;
      const recordedBefore = recorded;
      try {
        const batch = await takeDueDeliveries(deps.db, deps.clock.now(), limit);
        mayFindMore = batch.length === limit || recorded > recordedBefore;
        const takenAt = performance.now();
        for (const delivery of batch) ready.push({ delivery, takenAt });
      } catch (error) {
        failure ??= { error };
      } finally {
        takes--;
        asked -= limit;
        step();
      }
    };

    const record = async (sent: SentTry[]) => {
      recording = sent.length;
      try {
        await recordTries(deps.db, deps.clock.now(), sent, log);
        recorded++;
        mayFindMore = true;
      } catch (error) {
        failure ??= { error };
      } finally {
        recording = 0;
        step();
      }
    };

    /** Starts whatever may start now, and settles the pass once nothing is left to do. */
    function step() {
      if (settled) return;
      // What was taken and not sent when something failed waits for its lease, like a process that died.
      if (failure) ready.length = 0;
      const now = performance.now();
      while (inFlight < WINDOW && ready.length > 0) {
        const { delivery, takenAt } = ready.shift()!;
        if (now - takenAt > READY_AGE_MAX_MS) continue;
        inFlight++;
        void send(delivery);
      }
      if (ended.length > 0 && recording === 0) {
        const waited = now - firstEndedAt;
        // After a failure, the sends that end are still recorded when the database allows: fewer to send again.
        if (ended.length >= RECORD_AT_LEAST || inFlight === 0 || waited >= RECORD_WAIT_MS) {
          if (timer) clearTimeout(timer);
          timer = undefined;
          void record(ended.splice(0));
        } else
          timer ??= setTimeout(() => {
            timer = undefined;
            step();
          }, RECORD_WAIT_MS - waited);
      }
      while (
        !failure &&
        mayFindMore &&
        takes < TAKES_MAX &&
        ready.length + asked + TAKE <= READY_MAX &&
        ended.length + recording < UNRECORDED_MAX
      )
        void take(TAKE);
      if (takes > 0 || inFlight > 0 || recording > 0) return;
      if (failure && ended.length === 0) {
        settled = true;
        reject(failure.error);
      } else if (!failure && !mayFindMore && ended.length === 0 && ready.length === 0) {
        settled = true;
        resolve(tries);
      }
    }

    step();
  });
}
