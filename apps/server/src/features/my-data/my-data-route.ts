import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { hitRateLimit } from '../../http/rate-limit';
import { MINUTE } from '../../infra/time-units';
import { sessionOf } from '../../session/require-session';
import { myDataEntries, type MyDataDrawing } from './my-data-contents';
import { zipStream } from './zip-stream';

/** Downloads per applicant in any ten minutes: each may draw the PDF copies and reads every file. */
export const MY_DATA_PER_TEN_MINUTES = 5;

/**
 * GET /api/my-data: one ZIP of everything the college holds on the logged-in applicant (issue 31), streamed as
 * it is written. Its contents are in my-data-contents.ts and decision 047.
 * `drawing.renderer` is the app's drawing thread (the app closes it), for the letters the applicant may read;
 * `drawing.copies` gives the application's copies as the copy's own download does: stored, kept or drawn.
 */
export function myDataRoute(deps: AppDeps, drawing: MyDataDrawing) {
  // Kept in the database, so it holds across every server process (a download is rare: one statement is cheap).
  const limit = { name: 'my-data', max: MY_DATA_PER_TEN_MINUTES, windowMs: 10 * MINUTE };
  return async (app: FastifyInstance) => {
    app.get('/my-data', async (req, reply) => {
      const session = sessionOf(req);
      await hitRateLimit(deps.db, limit, session.accountId, deps.clock.now());
      // The whole account, whichever of its applications this session has open (issue 42).
      const entries = await myDataEntries(
        deps,
        drawing,
        { userId: session.accountId, username: session.username },
        req.log,
      );
      const day = deps.clock.now().toISOString().slice(0, 10);
      const body = zipStream(entries, deps.clock.now(), (err) =>
        req.log.error({ err }, 'the data download broke off: a stored file could not be read'),
      );
      return reply
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="my-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(body);
    });
  };
}
