import {
  FEE_LABELS,
  formatInZone,
  formatLocalDate,
  formatMoney,
  localDateOf,
  OFFLINE_PAYMENT_METHODS,
  type FeeWaiverRequestView,
  type OfflinePaymentMethod,
  type PaymentPurpose,
  type StaffApplicationPaymentsResponse,
  type StaffPaymentRow,
} from '@admissions/domain';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useApplicationPayments, useDecideWaiver, useRecordPayment, useRefund } from '../api/office-payments-api';
import {
  METHOD_LABELS,
  OFFLINE_METHOD_LABELS,
  officeFeeSentence,
  PAYMENT_STATE_LABELS,
  toMajorText,
  toMinorUnits,
} from './fee-format';
import { OfficeError } from './office-error';
import { useFocusOn } from './use-focus-on';
import styles from '../payments.module.css';

export const PAYMENTS_PANEL_HEADING = 'Fees and payments';

const AMOUNT_HINT = 'Please enter an amount in dollars and cents, such as 75.00.';

/**
 * One application's money, for a member with the `payments` right (issue 43): its fees, the payments with their
 * refunds, the applicant's fee waiver request and the office's answer, a payment received by hand recorded, and a
 * refund sent. Each action's result takes the focus.
 */
export function PaymentsPanel({ userId }: { userId: string }) {
  const { fees: tenantFees, time_zone } = useTenantConfig();
  const panel = useApplicationPayments(userId, tenantFees !== undefined);
  const [notice, setNotice] = useState('');
  const result = useFocusOn();
  const done = (message: string) => {
    setNotice(message);
    result.focusResult();
  };
  if (tenantFees === undefined) return null;
  const currency = tenantFees.currency;
  return (
    <section aria-labelledby="payments-panel-title">
      <h2 id="payments-panel-title">{PAYMENTS_PANEL_HEADING}</h2>
      <div ref={result.ref} tabIndex={-1} className={styles.result}>
        {notice && <InlineAlert severity="success">{notice}</InlineAlert>}
      </div>
      {panel.isError ? (
        <OfficeError error={panel.error} />
      ) : !panel.data ? (
        <p role="status">Loading the payments…</p>
      ) : (
        <PanelBody userId={userId} data={panel.data} timeZone={time_zone} currency={currency} onDone={done} />
      )}
    </section>
  );
}

function PanelBody({
  userId,
  data,
  timeZone,
  currency,
  onDone,
}: {
  userId: string;
  data: StaffApplicationPaymentsResponse;
  timeZone: string;
  currency: string;
  onDone: (message: string) => void;
}) {
  const [refunding, setRefunding] = useState<string | null>(null);
  return (
    <>
      <h3 className={styles.subheading}>Fees</h3>
      {data.fees.length === 0 ? (
        <p>This application has no fee.</p>
      ) : (
        <ul>
          {data.fees.map((f) => (
            <li key={f.purpose}>{officeFeeSentence(f, timeZone)}</li>
          ))}
        </ul>
      )}
      {!data.online && (
        <p className={styles.muted}>
          Online payment is not set up: applicants pay by check or at the office, and the office records each payment
          here.
        </p>
      )}
      {data.waiver_request && (
        <WaiverDecision userId={userId} request={data.waiver_request} timeZone={timeZone} onDone={onDone} />
      )}
      <h3 className={styles.subheading}>Payments</h3>
      {data.payments.length === 0 ? (
        <p>No payment yet.</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">Payments of this application</caption>
            <thead>
              <tr>
                <th scope="col">For</th>
                <th scope="col">Amount</th>
                <th scope="col">State</th>
                <th scope="col">Method and reference</th>
                <th scope="col">Paid or received</th>
                <th scope="col">Refunds</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.payments.map((p) => (
                <PaymentRow
                  key={p.id}
                  payment={p}
                  timeZone={timeZone}
                  open={refunding === p.id}
                  onRefund={() => setRefunding(refunding === p.id ? null : p.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data.payments
        .filter((p) => p.id === refunding)
        .map((p) => (
          <RefundForm
            key={p.id}
            userId={userId}
            payment={p}
            onCancel={() => setRefunding(null)}
            onDone={(message) => {
              setRefunding(null);
              onDone(message);
            }}
          />
        ))}
      {data.fees.length > 0 && (
        <RecordPayment userId={userId} data={data} timeZone={timeZone} currency={currency} onDone={onDone} />
      )}
    </>
  );
}

const remainingOf = (p: StaffPaymentRow) => p.amount - p.refunded_amount;
const refundable = (p: StaffPaymentRow) =>
  (p.state === 'paid' || p.state === 'partially_refunded') && remainingOf(p) > 0;

function paymentName(p: StaffPaymentRow): string {
  return `the ${formatMoney(p.amount, p.currency)} ${METHOD_LABELS[p.method].toLowerCase()} payment${
    p.reference ? ` ${p.reference}` : ''
  }`;
}

function PaymentRow({
  payment: p,
  timeZone,
  open,
  onRefund,
}: {
  payment: StaffPaymentRow;
  timeZone: string;
  open: boolean;
  onRefund: () => void;
}) {
  const received = p.received_on
    ? `${formatLocalDate(p.received_on)} (received)`
    : p.paid_at
      ? formatInZone(p.paid_at, timeZone)
      : '—';
  return (
    <tr>
      <td>{FEE_LABELS[p.purpose]}</td>
      <td className={styles.number}>
        {formatMoney(p.amount, p.currency)}
        {p.state === 'amount_mismatch' && (
          <span className={styles.muted}> (asked {formatMoney(p.expected_amount, p.currency)})</span>
        )}
      </td>
      <td>{PAYMENT_STATE_LABELS[p.state]}</td>
      <td>
        {METHOD_LABELS[p.method]}
        {p.reference && `: ${p.reference}`}
        {p.recorded_by && <span className={styles.muted}> (recorded by {p.recorded_by})</span>}
      </td>
      <td>{received}</td>
      <td>
        {p.refunds.length === 0
          ? '—'
          : p.refunds.map((r) => (
              <div key={r.id}>
                {formatMoney(r.amount, p.currency)} ({r.state}), {formatInZone(r.created_at, timeZone)}, by{' '}
                {r.created_by}: {r.reason}
              </div>
            ))}
      </td>
      <td>
        {refundable(p) && (
          // Named with its payment (the visible word first, WCAG 2.5.3): a row may hold several.
          <Button variant="secondary" aria-label={`Refund ${paymentName(p)}`} aria-expanded={open} onClick={onRefund}>
            Refund
          </Button>
        )}
      </td>
    </tr>
  );
}

function RefundForm({
  userId,
  payment,
  onDone,
  onCancel,
}: {
  userId: string;
  payment: StaffPaymentRow;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const remaining = remainingOf(payment);
  const [amount, setAmount] = useState(toMajorText(remaining, payment.currency));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<unknown>(null);
  const errorBox = useFocusOn();
  const refund = useRefund(userId);
  const ids = { amount: useId(), amountHint: useId(), reason: useId() };
  const fail = (e: unknown) => {
    setError(e);
    errorBox.focusResult();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = toMinorUnits(amount, payment.currency);
    if (minor === null || minor <= 0) return fail(new Error(AMOUNT_HINT));
    if (!reason.trim()) return fail(new Error('Please give the reason for the refund.'));
    setError(null);
    refund.mutate(
      { paymentId: payment.id, amount: minor, reason: reason.trim() },
      {
        onSuccess: () =>
          onDone(`A refund of ${formatMoney(minor, payment.currency)} of ${paymentName(payment)} was sent.`),
        onError: fail,
      },
    );
  };
  const title = `Refund ${paymentName(payment)}`;
  return (
    <form className={styles.form} onSubmit={submit} aria-label={title} noValidate>
      <h4 className={styles.subheading}>{title}</h4>
      <div className={styles.field}>
        <label htmlFor={ids.amount}>Amount to refund (dollars)</label>
        <span id={ids.amountHint} className={styles.hint}>
          At most {formatMoney(remaining, payment.currency)}, what is left of the payment.
        </span>
        <input
          id={ids.amount}
          aria-describedby={ids.amountHint}
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.reason}>Reason (the applicant is told by e-mail)</label>
        <textarea
          id={ids.reason}
          rows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
        />
      </div>
      <div ref={errorBox.ref} tabIndex={-1} className={styles.result}>
        {error instanceof Error && !('status' in error) ? (
          <InlineAlert severity="error">{error.message}</InlineAlert>
        ) : (
          <OfficeError error={error} />
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={refund.isPending}>
          Send the refund
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function WaiverDecision({
  userId,
  request,
  timeZone,
  onDone,
}: {
  userId: string;
  request: FeeWaiverRequestView;
  timeZone: string;
  onDone: (message: string) => void;
}) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<unknown>(null);
  const errorBox = useFocusOn();
  const decide = useDecideWaiver(userId);
  const noteId = useId();
  const [deciding, setDeciding] = useState<'approve' | 'deny' | null>(null);
  const send = (decision: 'approve' | 'deny') => {
    setDeciding(decision);
    setError(null);
    decide.mutate(
      { decision, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () =>
          onDone(
            decision === 'approve'
              ? 'The fee waiver was approved: the application fee is waived. The applicant is told by e-mail.'
              : 'The fee waiver request was denied: the application fee is due. The applicant is told by e-mail.',
          ),
        onError: (e) => {
          setError(e);
          errorBox.focusResult();
        },
      },
    );
  };
  return (
    <>
      <h3 className={styles.subheading}>Fee waiver request</h3>
      <dl>
        <dt>Reason</dt>
        <dd>{request.criterion_label}</dd>
        <dt>The applicant wrote</dt>
        <dd>{request.statement}</dd>
        <dt>Asked</dt>
        <dd>{formatInZone(request.requested_at, timeZone)}</dd>
        {request.state !== 'pending' && (
          <>
            <dt>Decision</dt>
            <dd>
              {request.state === 'approved' ? 'Approved' : 'Denied'}
              {request.decided_at && `, ${formatInZone(request.decided_at, timeZone)}`}
              {request.note && `: ${request.note}`}
            </dd>
          </>
        )}
      </dl>
      {request.state === 'pending' && (
        <form className={styles.form} aria-label="Decide the fee waiver request" onSubmit={(e) => e.preventDefault()}>
          <div className={styles.field}>
            <label htmlFor={noteId}>Note to the applicant (optional)</label>
            <textarea
              id={noteId}
              rows={2}
              maxLength={2000}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </div>
          <div ref={errorBox.ref} tabIndex={-1} className={styles.result}>
            <OfficeError error={error} />
          </div>
          <div className={styles.actions}>
            <Button
              loading={decide.isPending && deciding === 'approve'}
              disabled={decide.isPending}
              onClick={() => send('approve')}
            >
              Approve the waiver
            </Button>
            <Button
              variant="secondary"
              loading={decide.isPending && deciding === 'deny'}
              disabled={decide.isPending}
              onClick={() => send('deny')}
            >
              Deny the waiver
            </Button>
          </div>
        </form>
      )}
    </>
  );
}

function RecordPayment({
  userId,
  data,
  timeZone,
  currency,
  onDone,
}: {
  userId: string;
  data: StaffApplicationPaymentsResponse;
  timeZone: string;
  currency: string;
  onDone: (message: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const formId = useId();
  return (
    <>
      <h3 className={styles.subheading}>A payment received by the office</h3>
      <Button
        ref={toggle}
        variant="secondary"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen(!open)}
      >
        Record a payment
      </Button>
      {open && (
        <RecordPaymentForm
          id={formId}
          userId={userId}
          data={data}
          timeZone={timeZone}
          currency={currency}
          onCancel={() => {
            setOpen(false);
            toggle.current?.focus();
          }}
          onDone={(message) => {
            setOpen(false);
            onDone(message);
          }}
        />
      )}
    </>
  );
}

function RecordPaymentForm({
  id,
  userId,
  data,
  timeZone,
  currency,
  onDone,
  onCancel,
}: {
  id: string;
  userId: string;
  data: StaffApplicationPaymentsResponse;
  timeZone: string;
  currency: string;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const first = data.fees.find((f) => f.state === 'due' || f.state === 'overdue') ?? data.fees[0]!;
  const [purpose, setPurpose] = useState<PaymentPurpose>(first.purpose);
  const feeOf = (p: PaymentPurpose) => data.fees.find((f) => f.purpose === p);
  const [amount, setAmount] = useState(toMajorText(first.amount, currency));
  const [method, setMethod] = useState<OfflinePaymentMethod>('check');
  const [reference, setReference] = useState('');
  const today = localDateOf(new Date(), timeZone);
  const [receivedOn, setReceivedOn] = useState(today);
  const [error, setError] = useState<unknown>(null);
  const errorBox = useFocusOn();
  const record = useRecordPayment(userId);
  const ids = { purpose: useId(), amount: useId(), reference: useId(), refHint: useId(), date: useId() };
  const fail = (e: unknown) => {
    setError(e);
    errorBox.focusResult();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minor = toMinorUnits(amount, currency);
    if (minor === null || minor <= 0) return fail(new Error(AMOUNT_HINT));
    if (!reference.trim()) return fail(new Error('Please give the check number or another reference.'));
    if (!/^\d{4}-\d{2}-\d{2}$/.test(receivedOn))
      return fail(new Error('Please give the date the payment was received.'));
    setError(null);
    record.mutate(
      { amount: minor, method, reference: reference.trim(), received_on: receivedOn, purpose },
      {
        onSuccess: () =>
          onDone(
            `A ${OFFLINE_METHOD_LABELS[method].toLowerCase()} payment of ${formatMoney(minor, currency)} for the ${FEE_LABELS[
              purpose
            ].toLowerCase()} was recorded.`,
          ),
        onError: fail,
      },
    );
  };
  return (
    <form id={id} className={styles.form} onSubmit={submit} aria-label="Record a payment" noValidate>
      {data.fees.length > 1 && (
        <div className={styles.field}>
          <label htmlFor={ids.purpose}>For</label>
          <select
            id={ids.purpose}
            value={purpose}
            onChange={(e) => {
              const next = e.currentTarget.value as PaymentPurpose;
              setPurpose(next);
              const fee = feeOf(next);
              if (fee) setAmount(toMajorText(fee.amount, currency));
            }}
          >
            {data.fees.map((f) => (
              <option key={f.purpose} value={f.purpose}>
                {FEE_LABELS[f.purpose]}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className={styles.field}>
        <label htmlFor={ids.amount}>Amount (dollars)</label>
        <input id={ids.amount} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.currentTarget.value)} />
      </div>
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>Method</legend>
        {OFFLINE_PAYMENT_METHODS.map((m) => (
          <label key={m} className={styles.choice}>
            <input type="radio" name={`${id}-method`} value={m} checked={method === m} onChange={() => setMethod(m)} />
            {OFFLINE_METHOD_LABELS[m]}
          </label>
        ))}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={ids.reference}>Reference</label>
        <span id={ids.refHint} className={styles.hint}>
          The check number, or the receipt number for cash.
        </span>
        <input
          id={ids.reference}
          aria-describedby={ids.refHint}
          maxLength={100}
          value={reference}
          onChange={(e) => setReference(e.currentTarget.value)}
        />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.date}>Received on</label>
        <input
          id={ids.date}
          type="date"
          max={today}
          value={receivedOn}
          onChange={(e) => setReceivedOn(e.currentTarget.value)}
        />
      </div>
      <div ref={errorBox.ref} tabIndex={-1} className={styles.result}>
        {error instanceof Error && !('status' in error) ? (
          <InlineAlert severity="error">{error.message}</InlineAlert>
        ) : (
          <OfficeError error={error} />
        )}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={record.isPending}>
          Record the payment
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
