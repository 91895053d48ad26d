import type { RubricsInput, RubricsResponse, Stage, StagesResponse } from '@admissions/domain';
import { api } from '../../../lib/api-client';
import { useStaffGet } from './staff-query';

/** Stages and rubrics: every member reads them (list, review form); administrators change them. */
export const STAGES_KEY = ['staff', 'stages'] as const;
export const RUBRICS_KEY = ['staff', 'rubrics'] as const;

export function useStages() {
  return useStaffGet<StagesResponse>(STAGES_KEY, '/api/staff/stages');
}

export const saveStages = (stages: Stage[]) => api.put<StagesResponse>('/api/staff/stages', { stages });

/** A stage's label from its id (the id itself while the stages load, or for a stage since removed). */
export function useStageLabel(): (id: string | null | undefined) => string {
  const stages = useStages();
  return (id) => (id ? (stages.data?.stages.find((s) => s.id === id)?.label ?? id) : '');
}

export function useRubrics() {
  return useStaffGet<RubricsResponse>(RUBRICS_KEY, '/api/staff/rubrics');
}

/** A new criterion goes without an id; the answer has the ids the server made, once (issue 49). */
export const saveRubrics = (rubrics: RubricsInput) => api.put<RubricsResponse>('/api/staff/rubrics', rubrics);
