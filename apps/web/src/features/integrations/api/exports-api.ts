import type { ExportsResponse } from '@admissions/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useMutation } from '../../../lib/use-mutation';
import { refusalInPage } from './api-tokens-api';

/** The tenant file's scheduled exports (issue 45), with their last runs; one run now on demand. */
export const EXPORTS_PATH = '/api/staff/exports';
export const exportsKey = ['staff', 'integrations', 'exports'] as const;

/** While a run is under way, the list is asked again this often, so its end shows. */
export const RUNNING_REFRESH_MS = 2000;

/** GET /api/staff/exports. */
export function useExports() {
  return useQuery({
    queryKey: exportsKey,
    queryFn: () => api.get<ExportsResponse>(EXPORTS_PATH),
    refetchInterval: (query) =>
      query.state.data?.exports.some((e) => e.runs.some((r) => r.state === 'running')) ? RUNNING_REFRESH_MS : false,
    ...refusalInPage,
  });
}

/** POST /api/staff/exports/{name}/run: one run now; the list then shows it. */
export function useRunExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.post<unknown>(`${EXPORTS_PATH}/${encodeURIComponent(name)}/run`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsKey }),
  });
}
