import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { createInFlightLimit, type InFlightLimit } from '../../http/in-flight-limit';
import { SECOND } from '../../infra/time-units';
import { loadCopySource, type CopyOwner, type CopySource } from './application-copy';
import { copyVersion, createCopyCache } from './copy-cache';
import type { CopyFileName } from './copy-file-name';
import type { PdfRenderer } from './pdf-renderer';
import { createStoredCopies, storedCopyKey } from './stored-copy';

/**
 * How this process draws, at most, and how long a drawing may wait its turn (issue 31): two handed to the
 * drawing thread (it draws one at a time; the second is ready when the first ends), up to sixteen waiting in
 * turn, first come first served, for at most ten seconds; one drawing at a time per applicant. A download
 * beyond them is answered 429 with Retry-After; the same copy asked for again while it is drawn waits for
 * that drawing instead of starting another. A copy drawn ahead (at submission) waits its turn however long
 * the queue: there is one per submission.
 */
export const COPY_DRAWING_LIMITS = { perApplicant: 1, inProcess: 2, queued: 16, maxWaitMs: 10 * SECOND } as const;

/** The drawn copies one process keeps: a six-page copy is 30 to 60 KB, so this holds thousands. */
export const COPY_CACHE_BYTES = 64 * 1_048_576;

/**
 * How long after a submission another process leaves the drawing of its copy to the process that took the
 * submission (which draws it at once, decision 056): its status says 'in_progress' meanwhile. After that,
 * a copy still not stored (that process ended, or its queue was full) is drawn by whoever is asked.
 */
export const DRAW_AHEAD_HANDOFF_MS = 15 * SECOND;

export type CopyStatus = 'completed' | 'in_progress' | 'failed';

export interface DrawnCopy {
  fileName: CopyFileName;
  pdf: Uint8Array;
}

/** The applicant's PDF copies in this process: drawn once per version, kept, stored when submitted. */
export interface ApplicantCopies {
  /**
   * The copy as the application stands now, for download; undefined when its drawing failed. `patient`: it
   * waits its turn however long the queue (a data download, which draws several copies), never refused.
   */
  file(owner: CopyOwner, log: FastifyBaseLogger, options?: { patient?: boolean }): Promise<DrawnCopy | undefined>;
  /** Whether the copy as it stands can be downloaded now, is being drawn, or could not be drawn. */
  status(owner: CopyOwner, log: FastifyBaseLogger): Promise<CopyStatus>;
  /** Draws and stores a just-submitted application's copy before anyone asks for it; never throws. */
  drawAhead(owner: CopyOwner, log: FastifyBaseLogger): void;
  /**
   * The copy of a past cycle's application (its owner row, decision 052), drawn within the same limits and
   * kept in memory like the others, but never stored: the store keeps a copy in its owner's documents
   * folder, and deleting an account clears the account's folder, not those of its past applications' owners.
   */
  pastFile(owner: CopyOwner, log: FastifyBaseLogger): Promise<DrawnCopy | undefined>;
  /**
   * Resolves once every copy this process is drawing or storing is done: the server waits for it as it
   * closes, so a just-submitted application's copy is stored rather than cut off with the drawing thread.
   */
  settled(): Promise<void>;
}

/**
 * The applicant's PDF copy (SPEC sections 4 and 7), drawn from the stored answers on the drawing thread
 * (pdf-renderer.ts). A copy is drawn once per change of what it shows and kept in this process's memory
 * (copy-cache.ts); a submitted application's copy is also written to the object store (stored-copy.ts),
 * so any process, even one just started, sends it without drawing it. It is drawn the moment the
 * application is submitted (drawAhead), so the applicant's download on the completion page is a read:
 * the status call says 'in_progress' while it is drawn, as SPEC section 4's status protocol provides.
 * A draft's copy is drawn at its download.
 */
export function createApplicantCopies(deps: AppDeps, ctx: FormContext, renderer: PdfRenderer): ApplicantCopies {
  const copies = createDrawings(deps, renderer);
  /** Copies drawn ahead whose application is still being read (they are in `drawing` once that is done). */
  const reading = new Set<Promise<void>>();

  const source = (owner: CopyOwner) => loadCopySource(deps, ctx, deps.config.tenant, owner);

  return {
    async file(owner, log, { patient = false } = {}) {
      // Reading the application fails like any other call (500); only drawing failures are 'failed'.
      const copy = await source(owner);
      const version = copyVersion(copy);
      const pdf =
        (await kept(copies, owner, copy, version, log)) ?? (await draw(copies, owner, copy, version, log, { patient }));
      return pdf ? { fileName: copy.fileName, pdf } : undefined;
    },

    async status(owner, log) {
      const copy = await source(owner);
      return copyStatus(copies, owner, copy, copyVersion(copy), log);
    },

    async pastFile(owner, log) {
      const copy = await source(owner);
      const version = copyVersion(copy);
      const inMemory = copies.cache.get(owner.userId, version);
      const pdf =
        inMemory instanceof Uint8Array ? inMemory : await draw(copies, owner, copy, version, log, { store: false });
      return pdf ? { fileName: copy.fileName, pdf } : undefined;
    },

    drawAhead(owner, log) {
      const read = source(owner).then(
        (copy) => drawVersionAhead(copies, owner, copy, copyVersion(copy), log),
        (err: unknown) => log.error({ err }, 'PDF copy could not be drawn ahead'),
      );
      reading.add(read);
      void read.then(() => reading.delete(read));
    },

    async settled() {
      // A refused download's drawing rejects (429) and is its caller's to answer; here only its end counts.
      await Promise.allSettled(reading);
      await Promise.allSettled(copies.drawing.values());
    },
  };
}

/** What one process keeps of its copies and their drawing. */
interface Drawings {
  deps: AppDeps;
  renderer: PdfRenderer;
  cache: ReturnType<typeof createCopyCache>;
  stored: ReturnType<typeof createStoredCopies>;
  limit: InFlightLimit;
  /** The drawings under way in this process, by applicant and version: asking again joins the one running. */
  drawing: Map<string, Promise<Uint8Array | undefined>>;
  /** Failed drawings whose failure the status has said: asked again, it draws them again. */
  failureSaid: Set<string>;
}

function createDrawings(deps: AppDeps, renderer: PdfRenderer): Drawings {
  return {
    deps,
    renderer,
    cache: createCopyCache(COPY_CACHE_BYTES),
    stored: createStoredCopies(deps.storage),
    limit: createInFlightLimit({
      perKey: COPY_DRAWING_LIMITS.perApplicant,
      total: COPY_DRAWING_LIMITS.inProcess,
      retryAfterSeconds: 2,
      queue: { max: COPY_DRAWING_LIMITS.queued, maxWaitMs: COPY_DRAWING_LIMITS.maxWaitMs },
    }),
    drawing: new Map(),
    failureSaid: new Set(),
  };
}

/** Draws this version once (joining a drawing already under way), keeps it, and stores a submitted one. */
function draw(
  copies: Drawings,
  owner: CopyOwner,
  copy: CopySource,
  version: string,
  log: FastifyBaseLogger,
  { patient = false, store = true } = {},
): Promise<Uint8Array | undefined> {
  const { drawing, limit } = copies;
  const key = `${owner.userId}:${version}`;
  const running = drawing.get(key);
  if (running) return running;
  const submitted = copy.header.submittedAt !== null;
  const done = limit
    .run(owner.userId, () => drawOnce(copies, owner, copy, version, log, submitted && store), { patient })
    .finally(() => drawing.delete(key));
  drawing.set(key, done);
  return done;
}

/** One drawing in its turn: kept in memory (stored first when `store`), or its failure kept. */
async function drawOnce(
  { renderer, stored, cache, failureSaid }: Drawings,
  owner: CopyOwner,
  copy: CopySource,
  version: string,
  log: FastifyBaseLogger,
  store: boolean,
): Promise<Uint8Array | undefined> {
  try {
    const pdf = await renderer.render(copy.header, copy.pages);
    // Stored before it is kept: once this process says 'completed', every process reads it from
    // the store instead of drawing it again, and a download joining this drawing finds it there.
    if (store) await stored.write(owner.userId, version, pdf, log);
    cache.set(owner.userId, version, pdf);
    failureSaid.delete(`${owner.userId}:${version}`);
    return pdf;
  } catch (err) {
    log.error({ err }, 'PDF copy of the application could not be drawn');
    cache.set(owner.userId, version, 'failed');
    return undefined;
  }
}

/** The copy from memory or, when submitted, from the store; null when it must be drawn. */
async function kept(
  { cache, stored }: Drawings,
  owner: CopyOwner,
  copy: CopySource,
  version: string,
  log: FastifyBaseLogger,
): Promise<Uint8Array | null> {
  const inMemory = cache.get(owner.userId, version);
  if (inMemory instanceof Uint8Array) return inMemory;
  if (copy.header.submittedAt === null) return null;
  const fromStore = await stored.read(owner.userId, version, log);
  if (fromStore) cache.set(owner.userId, version, fromStore);
  return fromStore;
}

// One per submission (or per failure said): it waits its turn however long the queue, never refused.
function drawVersionAhead(
  copies: Drawings,
  owner: CopyOwner,
  copy: CopySource,
  version: string,
  log: FastifyBaseLogger,
) {
  draw(copies, owner, copy, version, log, { patient: true }).catch((err: unknown) =>
    log.error({ err }, 'PDF copy could not be drawn ahead'),
  );
}

/** Whether this version of the copy can be downloaded now, is being drawn, or could not be drawn. */
async function copyStatus(
  copies: Drawings,
  owner: CopyOwner,
  copy: CopySource,
  version: string,
  log: FastifyBaseLogger,
): Promise<CopyStatus> {
  const { cache, drawing, failureSaid, deps } = copies;
  const key = `${owner.userId}:${version}`;
  const inMemory = cache.get(owner.userId, version);
  if (inMemory === 'failed') {
    // Said once; the applicant's "Try again" asks for the status again, and that draws it anew.
    if (!failureSaid.delete(key)) {
      failureSaid.add(key);
      return 'failed';
    }
    cache.forget(owner.userId);
    drawVersionAhead(copies, owner, copy, version, log);
    return 'in_progress';
  }
  if (inMemory || drawing.has(key)) return inMemory ? 'completed' : 'in_progress';
  const submittedAt = copy.header.submittedAt;
  // A draft's copy is drawn when it is downloaded.
  if (submittedAt === null) return 'completed';
  if ((await deps.storage.size(storedCopyKey(owner.userId, version))) !== null) return 'completed';
  // Not stored yet: the process that took the submission draws it now; after a while, anyone does.
  if (deps.clock.now().getTime() - submittedAt.getTime() >= DRAW_AHEAD_HANDOFF_MS)
    drawVersionAhead(copies, owner, copy, version, log);
  return 'in_progress';
}
