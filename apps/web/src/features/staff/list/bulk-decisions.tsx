import {
  DECISION_BATCH_MAX_APPLICATIONS,
  localTimeToInstant,
  zoneName,
  type RecordDecisionBody,
} from '@admissions/domain';
import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal, ModalClose } from '../../../components/ui/modal';
import { cancelScheduled, recordDecisions, releaseDecisions, useDecisionCodes } from '../../decisions/api/decision-api';
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
  const [code, setCode] = useState('');
  const [conditions, setConditions] = useState('');
  const [reasons, setReasons] = useState<Record<string, string | undefined>>({});
  const chosen = codes.data?.codes.find((c) => c.code === code);
  const tooMany = ids.length > DECISION_BATCH_MAX_APPLICATIONS;
  const record = () =>
    dialog.run(async () => {
      const body: RecordDecisionBody = { code };
      if (chosen?.conditions)
        body.conditions = conditions
          .split('\n')
          .map((c) => c.trim())
          .filter(Boolean);
      if (chosen?.reasons)
        body.reasons = Object.entries(reasons)
          .filter(([, details]) => details !== undefined)
          .map(([reason, details]) => (details ? { id: reason, details } : { id: reason }));
      onDone((await recordDecisions({ ...body, application_ids: ids })).message);
    });
  return (
    <Modal
      title="Record a decision"
      size="s"
      open={dialog.open}
      onOpenChange={dialog.onOpenChange}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0}>
          Record decision…
        </Button>
      }
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={dialog.busy}>
              Cancel
            </Button>
          </ModalClose>
          <Button onClick={() => void record()} loading={dialog.busy} disabled={!code || tooMany}>
            Record for {plural(ids.length)}
          </Button>
        </>
      }
    >
      <p>The same provisional decision for {plural(ids.length)}. Nobody is told until it is released.</p>
      {tooMany && <p>At most {DECISION_BATCH_MAX_APPLICATIONS} decisions can be recorded at once.</p>}
      <div className={styles.filter}>
        <label htmlFor={`${id}-code`}>Decision</label>
        <select id={`${id}-code`} value={code} onChange={(e) => setCode(e.target.value)}>
          <option value="">Choose…</option>
          {(codes.data?.codes ?? []).map((c) => (
            <option key={c.code} value={c.code}>
              {c.label}
            </option>
          ))}
        </select>
      </div>
      {chosen?.conditions && (
        <div className={styles.filter}>
          <label htmlFor={`${id}-conditions`}>Conditions (one a line)</label>
          <textarea id={`${id}-conditions`} value={conditions} onChange={(e) => setConditions(e.target.value)} />
        </div>
      )}
      {chosen?.reasons && (
        <fieldset>
          <legend>Reasons (at least one)</legend>
          {(codes.data?.deny_reasons ?? []).map((r) => (
            <div key={r.id}>
              <input
                type="checkbox"
                id={`${id}-reason-${r.id}`}
                checked={reasons[r.id] !== undefined}
                onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.checked ? '' : undefined })}
              />
              <label htmlFor={`${id}-reason-${r.id}`}>{r.label}</label>
              {r.details !== 'none' && reasons[r.id] !== undefined && (
                <>
                  <label htmlFor={`${id}-reason-${r.id}-details`}>
                    Details{r.details === 'required' ? ' (required)' : ' (optional)'}
                  </label>
                  <input
                    id={`${id}-reason-${r.id}-details`}
                    value={reasons[r.id] ?? ''}
                    onChange={(e) => setReasons({ ...reasons, [r.id]: e.target.value })}
                  />
                </>
              )}
            </div>
          ))}
        </fieldset>
      )}
      <CallError error={dialog.error ?? codes.error} />
    </Modal>
  );
}

function ReleaseDialog({ ids, nameOf, onDone }: BulkDecisionProps) {
  const id = useId();
  const dialog = useDialogCall();
  const codes = useDecisionCodes({ optional: true });
  const zone = codes.data?.time_zone;
  const [when, setWhen] = useState<'now' | 'at'>('now');
  const [local, setLocal] = useState('');
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
      open={dialog.open}
      onOpenChange={(next) => {
        // Each opening starts at "Now": a time picked for an earlier release is not carried over.
        if (next) {
          setWhen('now');
          setLocal('');
        }
        dialog.onOpenChange(next);
      }}
      onCloseAutoFocus={dialog.onCloseAutoFocus}
      trigger={
        <Button variant="secondary" disabled={ids.length === 0}>
          Release…
        </Button>
      }
      actions={
        <>
          <ModalClose asChild>
            <Button variant="secondary" disabled={dialog.busy}>
              Cancel
            </Button>
          </ModalClose>
          <Button onClick={() => void release()} loading={dialog.busy} disabled={when === 'at' && !instant}>
            {when === 'now' ? `Release now to ${plural(ids.length)}` : 'Schedule the release'}
          </Button>
        </>
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
