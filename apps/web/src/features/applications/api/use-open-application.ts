import type { ApplicationSummary } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { pinnedApplication } from '../../../lib/application-id';
import { resetApplicationQueries } from '../../../lib/query-client';
import { makeCurrent } from './application-calls';

/** An application once submitted has its status page; the form would lead there anyway (its redirect rules). */
export const STATUS_PAGE_PATH = '/completion';
/** '/' resolves to the page the applicant was last on, or the form's first page. */
const FORM_PATH = '/';

/**
 * Opens one of the account's applications in this tab: the session makes it current (unless this page already
 * shows it), everything held of the old one is asked again (the form starts afresh from its profile), and the
 * applicant goes to its form, or its status page once submitted.
 */
export function useOpenApplication() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async (application: ApplicationSummary) => {
    if (!application.current || pinnedApplication() !== application.id) {
      const opened = await makeCurrent(application.id);
      void resetApplicationQueries(queryClient, opened.id);
    }
    await navigate(application.submitted_at ? STATUS_PAGE_PATH : FORM_PATH);
  };
}
