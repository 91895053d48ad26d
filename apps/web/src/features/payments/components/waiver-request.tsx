import { ERROR_MESSAGES, formatInZone, type PaymentsResponse } from '@admissions/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useRequestWaiver } from '../api/payments-api';
import { isPayable } from './fee-format';
import { useFocusOn } from './use-focus-on';
import styles from '../payments.module.css';

const STATEMENT_MAX = 4000;

/**
 * The applicant's fee waiver (issue 43): asked for before paying, with one of the tenant's reasons and a statement;
 * then where the request stands. While the office decides, the fee is not asked for.
 */
export function WaiverRequest({ payments }: { payments: PaymentsResponse }) {
  const { fees, time_zone } = useTenantConfig();
  const criteria = fees?.waiver_criteria ?? [];
  const fee = payments.fees.find((f) => f.purpose === 'application_fee');
  const request = payments.waiver_request;
  const [open, setOpen] = useState(false);
  const [sent, setSent] = useState(false);
  // The message that says the request went takes the focus: the form that sent it is gone.
  const result = useFocusOn();
  const formId = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  if (!fee) return null;
  return (
    <div>
      <div ref={result.ref} tabIndex={-1} className={styles.result}>
        {sent && (
          <InlineAlert severity="success">
            Your fee waiver request was sent. The admissions office will tell you its decision by e-mail; until then
            there is nothing to pay.
          </InlineAlert>
        )}
      </div>
      {request ? (
        <WaiverState request={request} timeZone={time_zone} />
      ) : (
        isPayable(fee) &&
        criteria.length > 0 && (
          <>
            <Button
              ref={toggle}
              variant="secondary"
              aria-expanded={open}
              aria-controls={formId}
              onClick={() => setOpen(!open)}
            >
              Ask for a fee waiver
            </Button>
            {open && (
              <WaiverForm
                id={formId}
                criteria={criteria}
                onCancel={() => {
                  setOpen(false);
                  toggle.current?.focus();
                }}
                onSent={() => {
                  setOpen(false);
                  setSent(true);
                  result.focusResult();
                }}
              />
            )}
          </>
        )
      )}
    </div>
  );
}

function WaiverState({
  request,
  timeZone,
}: {
  request: NonNullable<PaymentsResponse['waiver_request']>;
  timeZone: string;
}) {
  const asked = `You asked for a fee waiver (${request.criterion_label}) at ${formatInZone(request.requested_at, timeZone)}.`;
  return (
    <div>
      {request.state === 'pending' && (
        <p>
          {asked} The admissions office is considering it: there is nothing to pay until it decides, and it will tell
          you by e-mail.
        </p>
      )}
      {request.state === 'approved' && <p>{asked} It was approved: there is no application fee to pay.</p>}
      {request.state === 'denied' && (
        <p>
          {asked} It was not approved
          {request.decided_at ? ` (${formatInZone(request.decided_at, timeZone)})` : ''}, so the application fee is due.
        </p>
      )}
      {request.state !== 'pending' && request.note && <p>The admissions office wrote: {request.note}</p>}
    </div>
  );
}

function WaiverForm({
  id,
  criteria,
  onSent,
  onCancel,
}: {
  id: string;
  criteria: readonly { id: string; label: string }[];
  onSent: () => void;
  onCancel: () => void;
}) {
  const [criterion, setCriterion] = useState('');
  const [statement, setStatement] = useState('');
  const [error, setError] = useState('');
  const request = useRequestWaiver();
  const statementId = useId();
  const hintId = useId();
  const errorBox = useFocusOn();
  const fail = (message: string) => {
    setError(message);
    errorBox.focusResult();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!criterion) return fail(ERROR_MESSAGES.WAIVER_CRITERION_UNKNOWN);
    if (!statement.trim()) return fail('Please tell the admissions office about your situation.');
    setError('');
    request.mutate(
      { criterion, statement: statement.trim() },
      { onSuccess: onSent, onError: (e) => fail(userMessage(e)) },
    );
  };
  return (
    <form id={id} className={styles.form} onSubmit={submit} aria-label="Ask for a fee waiver" noValidate>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Why do you ask for a fee waiver?</legend>
        {criteria.map((c) => (
          <label key={c.id} className={styles.choice}>
            <input
              type="radio"
              name={`${id}-criterion`}
              value={c.id}
              checked={criterion === c.id}
              onChange={() => setCriterion(c.id)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={statementId}>Tell the admissions office about your situation</label>
        <span id={hintId} className={styles.hint}>
          A few sentences are enough; the office may ask you for proof. Up to {STATEMENT_MAX.toLocaleString('en-US')}{' '}
          characters.
        </span>
        <textarea
          id={statementId}
          aria-describedby={hintId}
          rows={4}
          maxLength={STATEMENT_MAX}
          value={statement}
          onChange={(e) => setStatement(e.currentTarget.value)}
        />
      </div>
      <div ref={errorBox.ref} tabIndex={-1} className={styles.result}>
        {error && <InlineAlert severity="error">{error}</InlineAlert>}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={request.isPending}>
          Send the waiver request
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
