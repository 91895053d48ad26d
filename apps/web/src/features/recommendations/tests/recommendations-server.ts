import {
  RECOMMENDATIONS_PATH,
  RECOMMENDER_PREFIXES,
  recommendationReminderPath,
  recommendationRequestPath,
  type RecommenderPrefix,
  type RecommenderState,
} from '@admissions/domain';
import type { applicantServer } from '../../../test/application-server';
import { json, type SeenRequest } from '../../../test/fetch-stub';

type Handler = (request: SeenRequest) => Response | Promise<Response>;

export const DAY_MS = 24 * 60 * 60 * 1000;

/** One recommender as GET /api/recommendations lists them; nothing sent yet unless overridden. */
export function recommender(prefix: RecommenderPrefix, over: Partial<RecommenderState> = {}): RecommenderState {
  return {
    prefix,
    status: 'NOT_REQUESTED',
    name: '',
    email: '',
    requested_at: null,
    received_at: null,
    declined_at: null,
    decline_reason: '',
    can_request: false,
    can_remind: false,
    next_reminder_at: null,
    also_for_programs: [],
    ...over,
  };
}

export const REQUESTED_AT = '2026-03-03T12:00:00.000Z';

/** The first recommender, Grace Hopper, asked on REQUESTED_AT and awaited unless overridden. */
export function askedGrace(over: Partial<RecommenderState> = {}): RecommenderState {
  return recommender('recommender_', {
    status: 'REQUESTED',
    name: 'Grace Hopper',
    email: 'grace.hopper@example.edu',
    requested_at: REQUESTED_AT,
    ...over,
  });
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * The applicant's letter calls as the real server answers them, over the
 * answers the applicant has saved (applicantServer): a request needs a saved
 * first name, last name and e-mail; a reminder is allowed once a day.
 */
export function recommendationsServer(
  applicant: ReturnType<typeof applicantServer>,
  recommenders: RecommenderState[],
  now = () => new Date(),
) {
  const list = recommenders.map((r) => ({ ...r }));
  const answer = (prefix: string, part: string) => applicant.state.answers[`${prefix}${part}`] ?? '';
  const respond = () => json({ recommenders: list });

  const handlers: Record<string, Handler> = { [`GET ${RECOMMENDATIONS_PATH}`]: respond };
  for (const prefix of RECOMMENDER_PREFIXES) {
    handlers[`POST ${recommendationRequestPath(prefix)}`] = () => {
      const r = list.find((item) => item.prefix === prefix);
      const [first, last, email] = ['first_name', 'last_name', 'email'].map((part) => answer(prefix, part).trim());
      if (!r || !first || !last || !EMAIL.test(email ?? ''))
        return json(
          {
            code: 'RECOMMENDER_NOT_READY',
            message: 'Please enter a valid first name, last name and email address for this recommender first.',
          },
          409,
        );
      const at = now();
      Object.assign(r, {
        status: 'REQUESTED',
        name: `${first} ${last}`,
        email,
        requested_at: at.toISOString(),
        received_at: null,
        declined_at: null,
        decline_reason: '',
        can_request: false,
        can_remind: false,
        next_reminder_at: new Date(at.getTime() + DAY_MS).toISOString(),
      } satisfies Partial<RecommenderState>);
      return respond();
    };
    handlers[`POST ${recommendationReminderPath(prefix)}`] = () => {
      const r = list.find((item) => item.prefix === prefix);
      if (!r?.can_remind)
        return json(
          { code: 'REMINDER_TOO_SOON', message: 'You can send one reminder a day. Please try again tomorrow.' },
          429,
        );
      Object.assign(r, { can_remind: false, next_reminder_at: new Date(now().getTime() + DAY_MS).toISOString() });
      return respond();
    };
  }
  return { list, handlers };
}
