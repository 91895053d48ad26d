import { DECISION_BATCH_MAX_APPLICATIONS, localTimeToInstant, zoneName } from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { ModalActions } from '../../../components/modal/modal-actions';
import { Modal } from '../../../components/ui/modal';
import { cancelScheduled, recordDecisions, releaseDecisions, useDecisionCodes } from '../../decisions/api/decision-api';
import { DecisionFields, useDecisionDraft } from '../../decisions/components/decision-fields';
import { CallError } from '../components/error-text';
import styles from '../components/staff.module.css';
import { useDialogCall } from './use-dialog-call';

interface BulkDecisionProps {
  ids: string[];
  /** The applicant's name of a selected row, for the confirmation that says who will be told. */
  nameOf: (id: string) => string;
  onDone: (message: string) => void;
}

const plural = (n: number) => `${n.toLocaleString('en-US')} application${n === 1 ? '' : 's'}`;

/**
 * Decisions for many (issue 41, right `decide`): one decision recorded for the selection, its release now or
 * at a time, or its scheduled release cancelled; one call each, and the server does each in one transaction.
 */
export function BulkDecisions(props: BulkDecisionProps) {
  return (
    <>
      <RecordDialog {...props} />
      <ReleaseDialog {...props} />
      <CancelButton {...props} />
    </>
  );
}

function RecordDialog({ ids, onDone }: BulkDecisionProps) {
  const id = useId();
  const dialog = useDialogCall();
  const codes = useDecisionCodes({ optional: true });
  const draft = useDecisionDraft(codes.data);
  const tooMany = ids.length > DECISION_BATCH_MAX_APPLICATIONS;
  const record = () =>
    dialog.run(async () => {
      const body = draft.body();
      onDone((await recordDecisions({ ...body, application_ids: ids })).message);
    });
  return (
    <Modal
      title="Record a decision"
      size="s"
      {...dialog.modal}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0}>
          Record decision…
        </Button>
      }
      actions={
        <ModalActions
          confirmLabel={`Record for ${plural(ids.length)}`}
          onConfirm={() => void record()}
          busy={dialog.busy}
          confirmDisabled={!draft.code || tooMany}
        />
      }
    >
      <p>The same provisional decision for {plural(ids.length)}. Nobody is told until it is released.</p>
      {tooMany && <p>At most {DECISION_BATCH_MAX_APPLICATIONS} decisions can be recorded at once.</p>}
      <DecisionFields idPrefix={id} codes={codes.data} draft={draft} fieldClassName={styles.filter} />
      <CallError error={dialog.error ?? codes.error} />
    </Modal>
  );
}

function ReleaseDialog({ ids, nameOf, onDone }: BulkDecisionProps) {
  const id = useId();
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [local, setLocal] = useState('');
  // Each opening starts at "Now": a time picked for an earlier release is not carried over.
  const dialog = useDialogCall(() => {
    setWhen('now');
    setLocal('');
  });
  const codes = useDecisionCodes({ optional: true });
  const zone = codes.data?.time_zone;
  const instant = zone && local ? localTimeToInstant(local, zone) : null;
  const names = ids.map(nameOf);
  const release = () =>
    dialog.run(async () => {
      const at = when === 'at' ? instant?.toISOString() : undefined;
      onDone((await releaseDecisions({ application_ids: ids, ...(at ? { at } : {}) })).message);
    });
  return (
    <Modal
      title="Release the decisions"
      size="s"
      {...dialog.modal}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0}>
          Release…
        </Button>
      }
      actions={
        <ModalActions
          confirmLabel={when === 'now' ? `Release now to ${plural(ids.length)}` : 'Schedule the release'}
          onConfirm={() => void release()}
          busy={dialog.busy}
          confirmDisabled={when === 'at' && !instant}
        />
      }
    >
      <p>
        {when === 'now' ? 'Told at once' : 'Told at the time chosen'}, by e-mail and on their status page, each of{' '}
        {plural(ids.length)} with a provisional decision: {names.slice(0, 10).join('; ')}
        {names.length > 10 ? ` and ${names.length - 10} more` : ''}. A released decision cannot be taken back.
      </p>
      <fieldset>
        <legend>When</legend>
        <div>
          <input type="radio" id={`${id}-now`} checked={when === 'now'} onChange={() => setWhen('now')} />
          <label htmlFor={`${id}-now`}>Now</label>
        </div>
        <div>
          <input type="radio" id={`${id}-at`} checked={when === 'at'} onChange={() => setWhen('at')} />
          <label htmlFor={`${id}-at`}>At a date and time</label>
        </div>
      </fieldset>
      {when === 'at' && zone && (
        <div className={styles.filter}>
          <label htmlFor={`${id}-time`}>Release at (date and time, {zoneName(instant ?? new Date(), zone)})</label>
          <input id={`${id}-time`} type="datetime-local" value={local} onChange={(e) => setLocal(e.target.value)} />
        </div>
      )}
      <CallError error={dialog.error ?? codes.error} />
    </Modal>
  );
}

function CancelButton({ ids, onDone }: BulkDecisionProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const cancel = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone((await cancelScheduled(ids)).message);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button variant="secondary" disabled={ids.length === 0} loading={busy} onClick={() => void cancel()}>
        Cancel scheduled release
      </Button>
      <CallError error={error} />
    </>
  );
}
