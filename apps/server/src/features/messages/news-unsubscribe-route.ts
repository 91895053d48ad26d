import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../app-deps';
import type { FormContext } from '../../core/form-context';
import { AppError } from '../../http/app-error';
import { accountOfNewsUnsubscribeToken, NEWS_UNSUBSCRIBE_PAGE } from './news-unsubscribe-token';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is opened by a signed link alone (a news message's one-click unsubscribe, RFC 8058): a mailbox
     * provider POSTs it from its own servers, with no Origin and no cookie, and a forged page could only do what
     * the link's holder may do anyway. So no origin is asked for (app.ts).
     */
    signedLink?: boolean;
  }
}

const PATH = '/messages/unsubscribe';

/** A browser's navigation asks for HTML first; the web app's calls ask for JSON (lib/api-client.ts). */
const wantsPage = (req: FastifyRequest) => /^\s*text\/html\b/i.test(req.headers.accept ?? '');

/** The account the link's token names; 400 UNSUBSCRIBE_LINK_INVALID for any other token. */
function accountOf(deps: AppDeps, req: FastifyRequest): string {
  const account = accountOfNewsUnsubscribeToken(deps.secretKey, (req.query as { token?: unknown }).token);
  if (!account) throw new AppError('UNSUBSCRIBE_LINK_INVALID');
  return account;
}

/**
 * `/public/messages/unsubscribe?token=…` (issue 46, decision 066), the link of a news message's List-Unsubscribe:
 * - POST (RFC 8058 one-click: the body `List-Unsubscribe=One-Click`, form-encoded, which is not read) records the
 *   account in news_unsubscribes and answers 200, with no login and no origin;
 * - GET changes nothing (link checkers and anti-spam filters open links), and answers whether the account is
 *   unsubscribed already, for the page that asks to confirm (/unsubscribe-news, where a browser's navigation to the
 *   link is sent). The page's POST (same origin, JSON) and a mail client's (no Origin) both pass: `signedLink`.
 * Transactional mail (deadlines, missing items, offers) still goes to an unsubscribed account.
 */
export function newsUnsubscribeRoute(deps: AppDeps, ctx: FormContext) {
  void ctx;
  return async (app: FastifyInstance) => {
    // A one-click POST is form-encoded (or multipart); its body says nothing the link does not, so it is not parsed.
    app.addContentTypeParser(
      ['application/x-www-form-urlencoded', 'multipart/form-data'],
      { parseAs: 'string', bodyLimit: 4096 },
      (_req, _body, done) => done(null, {}),
    );

    app.get(PATH, async (req, reply) => {
      // A person's browser (a mail client that opens List-Unsubscribe as a page) is sent to the web page, which says
      // what the link does and asks before it stops anything; a program (the page itself) gets the JSON below.
      if (wantsPage(req)) {
        const token = (req.query as { token?: unknown }).token;
        const page = `${NEWS_UNSUBSCRIBE_PAGE}?${new URLSearchParams({ token: typeof token === 'string' ? token : '' })}`;
        return reply.header('cache-control', 'no-store').redirect(page, 303);
      }
      const account = accountOf(deps, req);
      const { rows } = await deps.db.query('SELECT 1 FROM news_unsubscribes WHERE account_id = $1', [account]);
      reply.header('cache-control', 'no-store');
      return {
        unsubscribed: rows.length > 0,
        message:
          rows.length > 0
            ? 'You are unsubscribed from news. Messages about your application still reach you.'
            : 'Unsubscribe from news? Messages about your application will still reach you.',
      };
    });

    app.post(PATH, { config: { signedLink: true } }, async (req, reply) => {
      const account = accountOf(deps, req);
      // An account deleted since the mail was sent has nothing left to unsubscribe: the answer is the same.
      await deps.db.query(
        `INSERT INTO news_unsubscribes (account_id, unsubscribed_at) SELECT id, $2 FROM users WHERE id = $1
         ON CONFLICT (account_id) DO NOTHING`,
        [account, deps.clock.now()],
      );
      reply.header('cache-control', 'no-store');
      return {
        unsubscribed: true,
        message: 'You will get no more news from us. Messages about your application still reach you.',
      };
    });
  };
}
