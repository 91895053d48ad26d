import { DEFAULT_PAGE_PATH, type ApplicationSummary, type PublicTenantConfig } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/api-errors';
import { resetApplicationQueries } from '../../../lib/query-client';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { startApplication } from '../api/applications-api';
import { ChoiceSelect } from './choice-select';
import { CopyFromChoice } from './copy-from-choice';
import styles from './applications.module.css';

export const START_ANOTHER = 'Start another application';
export const START_ACTION = 'Start the application';
const FORM_ID = 'start-application';

type Program = PublicTenantConfig['programs'][number];

/**
 * A new application in the open cycle (issue 42): its program (one not applied for yet), its term (one the program
 * starts in), and which of this cycle's applications its About You and Education answers and documents are copied
 * from (the open one unless the applicant says otherwise). Once started it is the session's current application:
 * everything held of the old one is asked again and the form opens at its first page. A refusal is shown in the
 * dialog, and focus goes to it.
 */
export function StartApplicationDialog({
  programs,
  thisCycle,
}: {
  programs: Program[];
  thisCycle: ApplicationSummary[];
}) {
  const tenant = useTenantConfig();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const openNow = thisCycle.find((a) => a.current)?.id ?? '';
  const [program, setProgram] = useState('');
  const [term, setTerm] = useState('');
  const [copyFrom, setCopyFrom] = useState(openNow);
  const [missing, setMissing] = useState<{ program?: string; term?: string }>({});
  const dialog = useModalCall({
    onOpen: () => {
      setProgram('');
      setTerm('');
      setCopyFrom(openNow);
      setMissing({});
    },
  });
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (dialog.error !== undefined) errorBox.current?.focus();
  }, [dialog.error]);

  const chosen = programs.find((p) => p.code === program);
  // The program's terms in the institution's order, named as it names them.
  const terms = chosen ? tenant.terms.filter((t) => chosen.terms.includes(t.id)) : [];

  const chooseProgram = (code: string) => {
    setProgram(code);
    const next = programs.find((p) => p.code === code);
    // A term the new program does not start in is no choice; a program with one term has it chosen.
    if (!next?.terms.includes(term)) setTerm(next?.terms.length === 1 ? (next.terms[0] ?? '') : '');
    setMissing((m) => ({ ...m, program: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems = { program: program ? undefined : 'Choose a program.', term: term ? undefined : 'Choose a term.' };
    if (problems.program || problems.term) {
      setMissing(problems);
      dialog.clearError();
      document.getElementById(problems.program ? 'start-program' : 'start-term')?.focus();
      return;
    }
    void dialog.run(async () => {
      const started = await startApplication({ program, term, ...(copyFrom ? { copy_from: copyFrom } : {}) });
      void resetApplicationQueries(queryClient, started.id);
      await navigate(DEFAULT_PAGE_PATH);
    });
  };

  return (
    <Modal
      title={START_ANOTHER}
      size="s"
      {...dialog.modal}
      trigger={<Button>{START_ANOTHER}</Button>}
      actions={<ModalActions confirmLabel={START_ACTION} form={FORM_ID} busy={dialog.busy} />}
    >
      <form id={FORM_ID} noValidate onSubmit={submit} className={styles.form}>
        <ChoiceSelect
          id="start-program"
          label="Program"
          value={program}
          placeholder="Choose a program"
          options={programs.map((p) => ({ value: p.code, label: p.label }))}
          error={missing.program}
          onChange={chooseProgram}
        />
        <ChoiceSelect
          id="start-term"
          label="Term"
          value={term}
          placeholder={chosen ? 'Choose a term' : 'Choose a program first'}
          options={terms.map((t) => ({ value: t.id, label: t.label }))}
          error={missing.term}
          onChange={(id) => {
            setTerm(id);
            setMissing((m) => ({ ...m, term: undefined }));
          }}
        />
        <CopyFromChoice applications={thisCycle} value={copyFrom} onChange={setCopyFrom} />
      </form>
      {dialog.error !== undefined && (
        <div ref={errorBox} tabIndex={-1} className={styles.error}>
          <InlineAlert severity="error">{userMessage(dialog.error)}</InlineAlert>
        </div>
      )}
    </Modal>
  );
}
