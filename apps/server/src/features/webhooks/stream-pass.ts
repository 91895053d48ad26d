import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { AppDeps } from '../../app-deps';
import { RETRY_DELAYS_MS, resultOf } from './delivery-record';
import {
  leaseStreams,
  readStream,
  recordStream,
  releaseStreams,
  STREAM_LEASE_MS,
  type LeasedStream,
  type StreamDelivery,
  type StreamRecord,
} from './stream-store';
import { webhookBody } from './webhook-body';
import { disableEndpoint } from './webhook-endpoints';
import { openSigningSecret } from './webhook-secret';
import { SEND_TIMEOUT_MS, sendSignedThen, signingKeyOf, type SendOutcome } from './webhook-sender';

type Deps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'secretKey'>;

/** Sends kept in flight at once to an endpoint (each to a different application), the bare loop's concurrency. */
const WINDOW = 50;
/**
 * Deliveries read ahead of the sends, READ at a time while fewer than READY_MAX wait. Deliveries done are recorded
 * once RECORD_AT_LEAST can be, or RECORD_WAIT_MS after the first of them could. Each read and each record is a
 * statement with a cost of its own (a record locks the lease, moves the cursor and commits): at 600 and 500 the
 * database spent 9 to 10 µs a delivery, against 12 to 13 at 200 and 100, and the worker's throughput rose from 0.66 to
 * 0.70 of the bare loop's to 0.69 to 0.72 with the bench's two sides alone (docs/performance/webhooks.md, 2026-11-30
 * evening). A try's row then waits at most a tenth of a second for its record.
 */
const READ = 600;
const READY_MAX = 3 * READ;
const RECORD_AT_LEAST = 500;
const RECORD_WAIT_MS = 100;
/**
 * Read and not yet recorded beyond which nothing more is read: a slow receiver's try, which holds back the record of
 * every delivery after it, or a slow database, holds the sends back rather than gathering tries a crash sends again.
 */
const LINE_MAX = 10 * READ;
/**
 * How long a pass waits, looking again every SETTLE_LOOK_MS, for the transactions still running that keep a delivery
 * it can see unsettled (one that began earlier may yet write a delivery that comes before it). Then the pass ends and
 * the next tick looks again.
 */
export const SETTLE_WAIT_MS = 2_000;
const SETTLE_LOOK_MS = 10;
/** No send starts later than this after the lease was last renewed: a try must end well within the lease. */
const SEND_BY_MS = STREAM_LEASE_MS - 2 * SEND_TIMEOUT_MS;

export interface StreamPassOptions {
  /** How long to wait for unsettled deliveries (SETTLE_WAIT_MS); the tests of a late commit say 0. */
  settleWaitMs?: number;
}

/**
 * Sends what every endpoint's stream holds past its cursor, each stream by one pass of one process (its lease), the
 * streams side by side. Returns how many tries were made. A pass that fails leaves its streams to their leases.
 */
export async function runStreams(
  deps: Deps,
  log?: Pick<Logger, 'warn'>,
  options: StreamPassOptions = {},
): Promise<number> {
  const owner = randomUUID();
  const now = deps.clock.now();
  const streams = await leaseStreams(deps.db, owner, now, new Date(now.getTime() + STREAM_LEASE_MS));
  if (streams.length === 0) return 0;
  const results = await Promise.allSettled(streams.map((s) => sendStream(deps, owner, s, options, log)));
  await releaseStreams(
    deps.db,
    owner,
    streams.map((s) => s.endpoint_id),
  );
  const failed = results.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  return results.reduce((sum, r) => sum + (r.status === 'fulfilled' ? r.value : 0), 0);
}

/**
 * A delivery read, in stream order. Done once its try has ended (`outcome`), once it is to go to the schedule
 * without a try (`moved`), or, not sent, once its endpoint is gone (neither: the disabling stops it).
 */
interface Slot {
  d: StreamDelivery;
  done: boolean;
  sending?: boolean;
  moved?: boolean;
  startedAt?: Date;
  outcome?: SendOutcome;
}
/** An application's deliveries in this pass: one in flight at a time; after one failed, the rest go to the schedule. */
interface Line {
  busy: boolean;
  failed: boolean;
  waiting: Slot[];
}

/** What a stream's try (always the first) means for its delivery (delivery-record.ts, the schedule's own rule). */
const resultOfFirst = (status: number | null) => resultOf(status, 1);

/**
 * One endpoint's stream, read ahead from its cursor, WINDOW sends in flight, one delivery of an application at a time
 * (its next waits for its answer): in order per application. A try that fails moves its delivery to the schedule
 * (due at its first retry), and with it the later ones of its application; a 410 disables the endpoint.
 *
 * Only the longest run of done deliveries from the cursor is recorded, one statement at a time, which moves the cursor
 * past it: what a try records is never past the cursor, so a pass that dies leaves nothing recorded for the next to
 * look for, and the next sends again what it had not recorded (at least once). Ends when the stream is read to its
 * end, the lease is lost, or after a failure (what was done recorded as far as the database allows).
 */
function sendStream(
  deps: Deps,
  owner: string,
  stream: LeasedStream,
  options: StreamPassOptions,
  log?: Pick<Logger, 'warn'>,
): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    let key: ReturnType<typeof signingKeyOf>;
    try {
      key = signingKeyOf(openSigningSecret(deps.secretKey, stream.endpoint_id, stream.secret_sealed));
    } catch (error) {
      reject(error);
      return;
    }
    const url = new URL(stream.url);
    const settleWaitMs = options.settleWaitMs ?? SETTLE_WAIT_MS;
    let place = stream.place;
    /** Read and not yet recorded, in stream order, from `head`; `done` of them, from `head`, are done. */
    const line: Slot[] = [];
    let head = 0;
    let done = 0;
    /** When the first of the done ones not yet recorded was found done (performance.now()). */
    let doneSince = 0;
    const ready: Slot[] = [];
    const lines = new Map<string, Line>();
    let inFlight = 0;
    let recording = false;
    let reading = false;
    let readToEnd = false;
    let unsettledSince: number | undefined;
    let settleTimer: NodeJS.Timeout | undefined;
    let recordTimer: NodeJS.Timeout | undefined;
    let renewedAt = performance.now();
    let gone = false;
    let lost = false;
    let recordFailed = false;
    let failure: { error: unknown } | undefined;
    let tries = 0;
    let settled = false;

    const stopped = () => gone || lost || failure !== undefined;
    const moveToSchedule = (slot: Slot) => {
      slot.done = true;
      slot.moved = true;
    };

    const dispatch = (slot: Slot) => {
      const d = slot.d;
      let app: Line | undefined;
      if (d.application_id) {
        app = lines.get(d.application_id);
        if (!app) lines.set(d.application_id, (app = { busy: false, failed: false, waiting: [] }));
      }
      if (app && (d.blocked || app.failed)) {
        app.failed = true;
        return moveToSchedule(slot);
      }
      if (app?.busy) return void app.waiting.push(slot);
      if (app) app.busy = true;
      inFlight++;
      slot.sending = true;
      const startedAt = deps.clock.now();
      sendSignedThen(
        { url, key, msgId: d.event_id, payload: webhookBody(d) },
        deps.config.integrations.webhookAllowPrivate,
        (outcome) => sent(slot, app, startedAt, outcome),
      );
    };

    const sent = (slot: Slot, app: Line | undefined, startedAt: Date, outcome: SendOutcome) => {
      tries++;
      inFlight--;
      slot.sending = false;
      slot.done = true;
      slot.startedAt = startedAt;
      slot.outcome = outcome;
      const result = resultOfFirst(outcome.statusCode);
      if (result === 'gone') gone = true;
      if (gone) {
        // The receiver said the endpoint is gone: what was not sent is passed over (the disabling, recorded with the
        // 410, stops it), so that the cursor can reach what was.
        for (let i = head; i < line.length; i++) if (!line[i]!.sending) line[i]!.done = true;
      } else if (app) {
        app.busy = false;
        if (result !== 'succeeded') app.failed = true;
        // The next of its application: sent now, or after a failure moved behind it to the schedule.
        if (app.failed) for (const next of app.waiting.splice(0)) moveToSchedule(next);
        else if (app.waiting.length > 0) ready.unshift(app.waiting.shift()!);
        // An application with nothing under way or waiting, and no failure to keep the rest behind, is forgotten.
        else lines.delete(slot.d.application_id!);
      }
      step();
    };

    const read = async () => {
      reading = true;
      try {
        const rows = await readStream(deps.db, stream.endpoint_id, place, READ);
        const firstUnsettled = rows.findIndex((d) => !d.settled);
        for (const d of firstUnsettled < 0 ? rows : rows.slice(0, firstUnsettled)) {
          const slot: Slot = { d, done: false };
          line.push(slot);
          ready.push(slot);
          place = { xid: d.xid, event: d.seq, id: d.id };
        }
        if (firstUnsettled < 0) {
          unsettledSince = undefined;
          readToEnd = rows.length < READ;
        } else {
          unsettledSince ??= performance.now();
          if (performance.now() - unsettledSince >= settleWaitMs) readToEnd = true;
          else
            settleTimer = setTimeout(() => {
              settleTimer = undefined;
              step();
            }, SETTLE_LOOK_MS);
        }
      } catch (error) {
        failure ??= { error };
      } finally {
        reading = false;
        step();
      }
    };

    /** Records the done run from the cursor, line[head, to), and moves the cursor past it. */
    const record = async (to: number) => {
      recording = true;
      const now = deps.clock.now();
      const startedAt = performance.now();
      const tried: StreamRecord['tried'] = [];
      const moved: StreamRecord['moved'] = [];
      for (let i = head; i < to; i++) {
        const { d, outcome, moved: toSchedule } = line[i]!;
        if (toSchedule) moved.push({ id: d.id, attempts: 0, nextAt: now });
        if (!outcome) continue;
        const { statusCode, excerpt, durationMs } = outcome;
        tried.push({ id: d.id, startedAt: line[i]!.startedAt!, statusCode, excerpt, durationMs });
        const result = resultOfFirst(statusCode);
        if (result === 'gone') moved.push({ id: d.id, attempts: 1, nextAt: null });
        else if (result !== 'succeeded')
          moved.push({ id: d.id, attempts: 1, nextAt: new Date(now.getTime() + RETRY_DELAYS_MS[0]!) });
      }
      const last = line[to - 1]!.d;
      const entry: StreamRecord = {
        endpointId: stream.endpoint_id,
        owner,
        leaseUntil: new Date(now.getTime() + STREAM_LEASE_MS),
        tried,
        moved,
        place: { xid: last.xid, event: last.seq, id: last.id },
      };
      try {
        // Once a receiver has said the endpoint is gone, every record disables it with what it records: the
        // deliveries passed over since are stopped in the same transaction that passes them.
        const kept = gone
          ? await deps.db.transaction(async (tx) => {
              const held = await recordStream(tx, entry);
              if (held) await disableEndpoint(tx, stream.endpoint_id, 'The receiver answered 410 Gone.', now);
              return held;
            })
          : await recordStream(deps.db, entry);
        if (kept) {
          renewedAt = startedAt;
          head = to;
          if (head > LINE_MAX) {
            line.splice(0, head);
            done -= head;
            head = 0;
          }
        } else {
          lost = true;
          log?.warn({ endpoint_id: stream.endpoint_id }, 'a webhook stream was taken over by another process');
        }
      } catch (error) {
        // Not recorded: no further record is tried in this pass (the next sends it all again).
        failure ??= { error };
        recordFailed = true;
      } finally {
        recording = false;
        step();
      }
    };

    /** Starts whatever may start now, and settles the pass once nothing is left to do. */
    function step() {
      if (settled) return;
      const now = performance.now();
      if (stopped() || now - renewedAt > SEND_BY_MS) ready.length = 0;
      while (inFlight < WINDOW && ready.length > 0) dispatch(ready.shift()!);

      // The done run from the cursor, recorded once long enough, or a moment after it began, or when nothing else
      // is under way. After the lease is lost, or a record failed, nothing more is recorded (another pass sends it
      // all again); after another failure what is done is still recorded.
      const before = done;
      if (done < head) done = head;
      while (done < line.length && line[done]!.done) done++;
      if (done > head && before <= head) doneSince = now;
      if (done > head && !recording && !lost && !recordFailed) {
        if (done - head >= RECORD_AT_LEAST || inFlight === 0 || now - doneSince >= RECORD_WAIT_MS) {
          if (recordTimer) clearTimeout(recordTimer);
          recordTimer = undefined;
          void record(done);
        } else
          recordTimer ??= setTimeout(
            () => {
              recordTimer = undefined;
              step();
            },
            RECORD_WAIT_MS - (now - doneSince),
          );
      }

      if (
        !stopped() &&
        !reading &&
        !readToEnd &&
        settleTimer === undefined &&
        ready.length + READ <= READY_MAX &&
        line.length - head + READ <= LINE_MAX &&
        now - renewedAt <= SEND_BY_MS
      )
        void read();

      if (reading || inFlight > 0 || recording || settleTimer !== undefined || recordTimer !== undefined) return;
      if (ready.length > 0) return;
      // What is left done and not recorded is being recorded (above) unless the lease is lost or a record failed, in
      // which case the next pass sends it again.
      if (done > head && !lost && !recordFailed) return;
      settled = true;
      if (failure) reject(failure.error);
      else resolve(tries);
    }

    step();
  });
}
