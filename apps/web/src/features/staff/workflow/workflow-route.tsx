import { usePageTitle } from '../../../components/layout/use-page-title';
import { PageLoading } from '../../../components/ui/page-loading';
import { useRubrics, useStages } from '../api/workflow-api';
import { CallError } from '../components/error-text';
import { StaffGate } from '../components/staff-gate';
import styles from '../components/staff.module.css';
import { RubricsEditor } from './rubrics-editor';
import { StagesEditor } from './stages-editor';

/**
 * The office's stages and scoring rubrics (administrators): /staff/workflow. Each editor is drawn once and keeps
 * its place when saved (the program's rubric, its confirmation): it takes the server's copy from its save.
 */
export function WorkflowRoute() {
  return (
    <StaffGate right="manage_team">
      <WorkflowPage />
    </StaffGate>
  );
}

function WorkflowPage() {
  usePageTitle('Stages & rubrics');
  const stages = useStages();
  const rubrics = useRubrics();
  return (
    <div className={styles.page}>
      <h1 className={styles.title}>Stages &amp; rubrics</h1>
      {stages.isError ? (
        <CallError error={stages.error} />
      ) : !stages.data ? (
        <PageLoading />
      ) : (
        <StagesEditor saved={stages.data.stages} />
      )}
      {rubrics.isError ? (
        <CallError error={rubrics.error} />
      ) : !rubrics.data ? (
        <PageLoading />
      ) : (
        <RubricsEditor saved={rubrics.data} />
      )}
    </div>
  );
}
