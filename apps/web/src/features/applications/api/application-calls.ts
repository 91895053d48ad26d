import {
  APPLICATIONS_PATH,
  CURRENT_APPLICATION_PATH,
  type ApplicationSummary,
  type CurrentApplicationResponse,
} from '@admissions/domain';
import { api } from '../../../lib/api-client';

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
