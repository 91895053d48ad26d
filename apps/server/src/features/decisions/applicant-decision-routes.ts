import { DECISION_MESSAGES } from '@admissions/domain';
import { decisionResponseBody, withdrawBody } from '@admissions/domain/schemas';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { hitRateLimit } from '../../http/rate-limit';
import { MINUTE } from '../../infra/time-units';
import { sessionOf } from '../../session/require-session';
import type { PdfRenderer } from '../pdf';
import { respondToOffer, withdrawApplication } from './applicant-decision';
import { drawDecisionLetter } from './decision-letter-pdf';
import { releasedDecision } from './decisions-repository';

/** Letters drawn for one applicant a minute: more than anyone reads, few enough to keep the PDF thread for others. */
export const LETTER_PDF_LIMIT = { name: 'decision-letter-pdf', max: 10, windowMs: MINUTE };

/**
 * The applicant's decision calls, inside the session scope: the letter's PDF
 * (a released decision only), the answer to an offer, and withdrawal.
 */
export function applicantDecisionRoutes(deps: AppDeps, renderer: PdfRenderer) {
  return async (app: FastifyInstance) => {
    app.get('/decision/letter.pdf', async (req, reply) => {
      const { userId } = sessionOf(req);
      // Each letter is drawn on the PDF thread: an applicant's own limit keeps a loop from holding it (issue 48).
      await hitRateLimit(deps.db, LETTER_PDF_LIMIT, userId, deps.clock.now());
      const row = await releasedDecision(deps.db, userId);
      // Before release there is no letter, the same 404 as for no decision at all.
      if (!row) throw new AppError('NOT_FOUND');
      const pdf = await drawDecisionLetter(deps, renderer, userId, row);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="decision-letter.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    });

    app.post('/decision/response', async (req) => {
      const { response } = parseBody(decisionResponseBody, req.body);
      await respondToOffer(deps, sessionOf(req).userId, response);
      return { message: response === 'accept' ? DECISION_MESSAGES.accepted : DECISION_MESSAGES.declined };
    });

    app.post('/withdraw', async (req) => {
      const { reason } = parseBody(withdrawBody, req.body);
      await withdrawApplication(deps, sessionOf(req).userId, reason ?? '');
      return { message: DECISION_MESSAGES.withdrawn };
    });
  };
}
