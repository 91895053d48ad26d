import { useRubrics, useStages } from '../api/workflow-api';
import { Loaded, staffRoute } from '../components/staff-page';
import { RubricsEditor } from './rubrics-editor';
import { StagesEditor } from './stages-editor';

/**
 * The office's stages and scoring rubrics (administrators): /staff/workflow. Each editor is drawn once and keeps
 * its place when saved (the program's rubric, its confirmation): it takes the server's copy from its save.
 */
export const WorkflowRoute = staffRoute('manage_team', 'Stages & rubrics', WorkflowEditors);

function WorkflowEditors() {
  const stages = useStages();
  const rubrics = useRubrics();
  return (
    <>
      <Loaded query={stages}>{(data) => <StagesEditor saved={data.stages} />}</Loaded>
      <Loaded query={rubrics}>{(data) => <RubricsEditor saved={data} />}</Loaded>
    </>
  );
}
