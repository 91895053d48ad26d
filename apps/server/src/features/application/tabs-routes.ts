import type { FastifyInstance } from 'fastify';
import { tabSwitchClearedKeys } from '@admissions/domain';
import { tabsBody } from '@admissions/domain/schemas';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import { parseBody } from '../../http/parse-body';
import { sessionOf } from '../../session/require-session';
import { releaseDocumentsOfPanes } from '../documents';
import { findApplication, mergeAnswers, setTab } from '../../core/application-repository';
import type { FormContext } from '../../core/form-context';

/** GET and PUT /api/tabs: the chosen tab of each tab group. */
export function tabsRoutes(deps: AppDeps, ctx: FormContext) {
  const { db, clock } = deps;
  return async (app: FastifyInstance) => {
    app.get('/tabs', async (req) => {
      const { userId } = sessionOf(req);
      return (await findApplication(db, userId))?.tabs ?? {};
    });
    app.put('/tabs', async (req) => {
      const { userId } = sessionOf(req);
      const { tab_id, chosen_tab } = parseBody(tabsBody, req.body);
      const group = ctx.tabGroups.get(tab_id);
      if (!group) throw new AppError('BAD_REQUEST', { errors: { tab_id: ['There is no such group of tabs.'] } });
      if (!group.tabs.some((t) => t.id === chosen_tab)) {
        throw new AppError('BAD_REQUEST', { errors: { chosen_tab: ['There is no such tab in this group.'] } });
      }
      // Switching tabs discards the answers of the other panes, on the server as in the browser.
      const cleared = Object.fromEntries(tabSwitchClearedKeys(group, chosen_tab).map((k) => [k, '']));
      // ...and the documents of those panes: refused while one converts, else deleted with the switch.
      const documents = releaseDocumentsOfPanes(deps, ctx, userId, Object.keys(cleared));
      const saved = await db.transaction(async (tx) => {
        if (!(await setTab(tx, userId, tab_id, chosen_tab, clock.now()))) return false;
        if (Object.keys(cleared).length > 0) await mergeAnswers(tx, userId, cleared, clock.now());
        await documents.inTransaction(tx);
        return true;
      });
      if (!saved) throw new AppError('APPLICATION_SUBMITTED');
      await documents.afterCommit(req.log);
      return { [tab_id]: chosen_tab };
    });
  };
}
