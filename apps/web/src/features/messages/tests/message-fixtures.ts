import type { MessageRecipientsResponse, StaffMessage, StaffMeResponse } from '@admissions/domain';
import { json, stubFetch } from '../../../test/fetch-stub';
import { renderApp, setLoggedInCookie } from '../../../test/render-app';
import { ADA, ALAN, consoleServer } from '../../staff/tests/console-server';

/** 9:00 am in Chicago, the tenant's zone (test/fixtures.ts). */
export const AT = '2026-11-02T15:00:00.000Z';

export function staffMessage(over: Partial<StaffMessage> = {}): StaffMessage {
  return {
    id: 'msg-1',
    name: 'Admitted, no answer yet',
    segment: { decision: ['admit'] },
    subject: 'Your offer, {{first_name}}',
    body: 'Dear {{first_name}},\nplease answer your offer: {{portal_link}}',
    category: 'transactional',
    state: 'draft',
    send_at: null,
    created_by: 'dee@college.test',
    created_by_name: 'Dee Decider',
    created_at: AT,
    updated_at: AT,
    started_at: null,
    finished_at: null,
    stopped_at: null,
    estimated_recipients: 2,
    counts: null,
    ...over,
  };
}

export const RECIPIENTS: MessageRecipientsResponse = {
  total: 2,
  recipients: [
    {
      application_id: ADA,
      name: 'Ada Lovelace',
      email: 'ada@example.edu',
      program: 'MAE',
      state: 'would_receive',
      suppressed_reason: null,
    },
    {
      application_id: ALAN,
      name: 'Alan Turing',
      email: 'alan@example.edu',
      program: 'MAE',
      state: 'suppressed',
      suppressed_reason: 'unsubscribed',
    },
  ],
};

type Handlers = Parameters<typeof stubFetch>[0];

/** The console for `who` at `path`, its messages calls answered over `messages` (override any with `extra`). */
export function openMessages(who: StaffMeResponse, messages: StaffMessage[] = [], extra: Handlers = {}) {
  setLoggedInCookie();
  const net = stubFetch({
    ...consoleServer(who).handlers,
    'GET /api/staff/messages': () => json({ messages, time_zone: 'America/Chicago' }),
    'GET /api/staff/messages/msg-1/recipients': () => json(RECIPIENTS),
    ...extra,
  });
  return { ...net, ...renderApp('/staff/messages') };
}
