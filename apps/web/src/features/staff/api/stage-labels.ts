import { useStages } from './workflow-api';

/** A stage's label from its id (the id itself while the stages load, or for a stage since removed). */
export function useStageLabel(): (id: string | null | undefined) => string {
  const stages = useStages();
  return (id) => (id ? (stages.data?.stages.find((s) => s.id === id)?.label ?? id) : '');
}
