import { programOf } from '@admissions/domain';
import { openCycleApplications, useApplications } from '../../../shared/session/api/applications-api';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';

/** Another application of the account a letter request can name too. */
export interface OtherApplication {
  id: string;
  programLabel: string;
}

/** Applications that still take letters: those in progress and those submitted (letters arrive after submission). */
const TAKES_LETTERS: ReadonlySet<string> = new Set(['in_progress', 'submitted']);

/**
 * The account's other applications in the open cycle whose program asks for letters (issue 42): what the
 * applicant may ask the same recommender for in one request. None while the list is loading, or when it cannot
 * be read (a server without several applications answers 404): the request is then for this application alone.
 */
export function useOtherApplications(): OtherApplication[] {
  const tenant = useTenantConfig();
  const { data } = useApplications();
  if (!data) return [];
  return openCycleApplications(data)
    .filter((a) => !a.current && TAKES_LETTERS.has(a.state) && a.program !== null)
    .filter((a) => programOf(tenant, a.program ?? '')?.requires_recommenders === true)
    .map((a) => ({ id: a.id, programLabel: a.program_label ?? a.program ?? '' }));
}
