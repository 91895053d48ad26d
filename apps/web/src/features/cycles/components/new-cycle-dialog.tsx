import { fieldDisplayName, type FormDefinition, type NewCycleResponse } from '@admissions/domain';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/api-errors';
import { useRestartApplication, useStartNewCycle } from '../api/cycle-api';
import styles from './cycles.module.css';

export const CARRY_OVER_ACTION = 'Carry my answers over';
export const START_EMPTY_ACTION = 'Start with an empty application';
export const CONTINUE_ACTION = 'Continue to your new application';

/**
 * The choice for an application that was never submitted before its cycle
 * closed (issue 29): start the open cycle's application with its answers,
 * re-checked by the server against the new programs and terms, or empty.
 * Answers the new form does not take are listed before the applicant moves on;
 * documents and letters stay with the old application either way.
 */
export function NewCycleDialog({ openLabel, form }: { openLabel: string; form: FormDefinition }) {
  const [open, setOpen] = useState(false);
  const start = useStartNewCycle();
  const restart = useRestartApplication();
  const [result, setResult] = useState<NewCycleResponse>();

  const choose = (carryOver: boolean) =>
    start.mutate(carryOver, {
      onSuccess: (started) => {
        if (started.dropped.length > 0) setResult(started);
        else void restart();
      },
    });

  const actions = result ? (
    <Button onClick={() => void restart()}>{CONTINUE_ACTION}</Button>
  ) : (
    <>
      <Button loading={start.isPending && start.variables} onClick={() => choose(true)}>
        {CARRY_OVER_ACTION}
      </Button>
      <Button variant="secondary" loading={start.isPending && !start.variables} onClick={() => choose(false)}>
        {START_EMPTY_ACTION}
      </Button>
    </>
  );
  return (
    <Modal
      title={`Start your ${openLabel} application`}
      size="s"
      open={open}
      // Once started, the old application is gone from this account: closing goes on to the new one.
      onOpenChange={(next) => (result && !next ? void restart() : setOpen(next))}
      trigger={<Button>Start an application for {openLabel}</Button>}
      actions={actions}
    >
      {result ? (
        <>
          <p>Your answers were carried over, except these, which the {openLabel} application does not take:</p>
          <ul className={styles.dropped}>
            {result.dropped.map((d) => (
              <li key={d.key}>
                {fieldDisplayName(form, d.key)}: {d.value_label}
              </li>
            ))}
          </ul>
        </>
      ) : (
        <>
          <p>
            Your answers can be copied into the new application, where you can check and change them. Any answer the{' '}
            {openLabel} application no longer takes (a program or term that is not offered) is left out, and you will
            see which.
          </p>
          <p>Documents you uploaded and letters of recommendation stay with your earlier application.</p>
        </>
      )}
      {start.isError && <InlineAlert severity="error">{userMessage(start.error)}</InlineAlert>}
    </Modal>
  );
}
