import {
  APPLICATIONS_PATH,
  CURRENT_APPLICATION_PATH,
  type ApplicationSummary,
  type CurrentApplicationResponse,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { api } from '../../../lib/api-client';
import { pinnedApplication } from '../../../lib/application-id';
import { resetApplicationQueries } from '../../../lib/query-client';

/** POST /api/applications: what a new application is for, and which of this cycle's to copy answers from. */
export interface StartApplication {
  program: string;
  term?: string;
  copy_from?: string;
}

/** POST /api/applications (201): the new application, now the session's current one. */
export async function startApplication(body: StartApplication): Promise<ApplicationSummary> {
  return (await api.post<CurrentApplicationResponse>(APPLICATIONS_PATH, body)).application;
}

/** PUT /api/applications/current: the session's form calls act on this application from now on. */
export async function makeCurrent(id: string): Promise<ApplicationSummary> {
  return (await api.put<CurrentApplicationResponse>(CURRENT_APPLICATION_PATH, { id })).application;
}

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
