import type { ApplicationSummary } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ModalActions } from '../../../components/modal/modal-actions';
import { useModalCall } from '../../../components/modal/use-modal-call';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { Modal } from '../../../components/ui/modal';
import { userMessage } from '../../../lib/api-errors';
import { pinnedApplication } from '../../../lib/application-id';
import { applicationLimit, applicationsQueryKey, getApplications } from '../../../shared/session/api/applications-api';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { programName, STATE_WORDS } from '../../applications/components/state-words';
import { withdrawableOthers, withdrawOthers } from '../api/withdrawal-api';
import styles from './decision-status.module.css';

export const WITHDRAW_OTHERS_TITLE = 'Withdraw your other applications?';
export const WITHDRAW_CHOSEN = 'Withdraw the chosen applications';
export const KEEP_OTHERS = 'Keep them';
const FORM_ID = 'withdraw-others';

interface Asked {
  acceptedId: string;
  others: ApplicationSummary[];
}

/**
 * After an offer is accepted (issue 42): accepting one application's offer does not withdraw the account's others,
 * so when some in the open cycle still stand, a dialog lists them and withdraws the ones the applicant chooses
 * (none are chosen for them: a withdrawal cannot be undone here). `ask` looks them up; nothing shows when there
 * are none, or when the institution takes one application a person.
 */
export function useWithdrawOthers({
  onWithdrawn,
  focusAfter,
}: {
  onWithdrawn: (message: string) => void;
  focusAfter: () => HTMLElement | null;
}) {
  const several = applicationLimit(useTenantConfig()) > 1;
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<Asked>();
  const dialog = useModalCall({ focusAfter });
  const fresh = () =>
    queryClient.fetchQuery({ queryKey: applicationsQueryKey, queryFn: getApplications, staleTime: 0 });

  const ask = async () => {
    if (!several) return;
    const list = await fresh().catch(() => undefined);
    const acceptedId = pinnedApplication() ?? list?.applications.find((a) => a.current)?.id;
    const others = list && acceptedId ? withdrawableOthers(list, acceptedId) : [];
    if (!acceptedId || others.length === 0) return;
    setAsked({ acceptedId, others });
    dialog.modal.onOpenChange(true);
  };

  const withdraw = (chosen: ApplicationSummary[]) =>
    dialog.run(async () => {
      if (!asked) return;
      try {
        // Each by its id: the session keeps the accepted application open throughout.
        await withdrawOthers(chosen.map((a) => a.id));
      } finally {
        // Those withdrawn before a refusal are no longer offered.
        const list = await fresh().catch(() => undefined);
        if (list) setAsked({ ...asked, others: withdrawableOthers(list, asked.acceptedId) });
      }
      onWithdrawn(withdrawnMessage(chosen));
    });

  const element = asked ? (
    <WithdrawOthersDialog
      others={asked.others}
      modal={dialog.modal}
      busy={dialog.busy}
      error={dialog.error}
      onWithdraw={(chosen) => void withdraw(chosen)}
    />
  ) : null;
  return { ask, element };
}

function WithdrawOthersDialog({
  others,
  modal,
  busy,
  error,
  onWithdraw,
}: {
  others: ApplicationSummary[];
  modal: ReturnType<typeof useModalCall>['modal'];
  busy: boolean;
  error: unknown;
  onWithdraw: (chosen: ApplicationSummary[]) => void;
}) {
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const errorBox = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error !== undefined) errorBox.current?.focus();
  }, [error]);
  const toggle = (id: string, on: boolean) =>
    setChosen((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const picked = others.filter((a) => chosen.has(a.id));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (picked.length > 0) onWithdraw(picked);
  };
  return (
    <Modal
      title={WITHDRAW_OTHERS_TITLE}
      size="s"
      {...modal}
      actions={
        <ModalActions
          cancelLabel={KEEP_OTHERS}
          confirmLabel={WITHDRAW_CHOSEN}
          form={FORM_ID}
          busy={busy}
          confirmDisabled={picked.length === 0}
        />
      }
    >
      <p>
        Accepting this offer does not withdraw your other applications. If you will not enroll in those programs, you
        can withdraw them now, so that the admissions office stops considering them. A withdrawal cannot be undone here.
      </p>
      {others.some((a) => a.decision_offer) && (
        <p>Withdrawing an application that holds an offer gives that offer up.</p>
      )}
      <form id={FORM_ID} noValidate onSubmit={submit}>
        <fieldset className={styles.choices}>
          <legend>Choose the applications to withdraw</legend>
          {others.map((a) => (
            <label key={a.id} className={styles.choice}>
              <input type="checkbox" checked={chosen.has(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />
              {choiceName(a)}
            </label>
          ))}
        </fieldset>
      </form>
      {error !== undefined && (
        <div ref={errorBox} tabIndex={-1}>
          <InlineAlert severity="error">{userMessage(error)}</InlineAlert>
        </div>
      )}
    </Modal>
  );
}

/**
 * One application as its checkbox names it: program, term and where it stands, saying in words when its released
 * decision is an offer (withdrawing it gives that offer up), so the name read out says so as the text shows it.
 */
function choiceName(a: ApplicationSummary): string {
  const term = a.term_label ? `, ${a.term_label}` : '';
  const stands = a.decision_offer ? `${STATE_WORDS[a.state]}: you have an offer` : STATE_WORDS[a.state];
  return `${programName(a)}${term} (${stands})`;
}

function withdrawnMessage(chosen: ApplicationSummary[]): string {
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(chosen.map(programName));
  return chosen.length === 1
    ? `Your application for ${names} was withdrawn.`
    : `Your applications for ${names} were withdrawn.`;
}
