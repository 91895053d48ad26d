import {
  FEE_LABELS,
  formatLocalDate,
  formatMoney,
  PAYMENT_STATES,
  type PaymentState,
  type StaffPaymentsResponse,
} from '@admissions/domain';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { compactZoneName, formatCompact } from '../../../shared/site/zoned-time';
import { paymentsCsvUrl, useOfficePayments, type PaymentsFilters } from '../api/office-payments-api';
import { METHOD_LABELS, PAYMENT_STATE_LABELS } from './fee-format';
import { OfficeError } from './office-error';
import styles from '../payments.module.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The filters live in the address, so a reader can go back, reload or share a view of the list. */
function filtersOf(params: URLSearchParams): PaymentsFilters {
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const state = params.get('state') ?? '';
  return {
    from: DATE.test(from) ? from : undefined,
    to: DATE.test(to) ? to : undefined,
    state: (PAYMENT_STATES as readonly string[]).includes(state) ? (state as PaymentState) : undefined,
  };
}

/**
 * /staff/payments (issue 43), for members with the `payments` right: the payments with their state, amount,
 * provider's reference, application and time (in the institution's zone, named in the column's header), filtered by
 * local dates and state, the totals of each day, and the same list as CSV for reconciliation.
 */
export function PaymentsOffice() {
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);
  const list = useOfficePayments(filters);
  const data = list.data;
  return (
    <>
      <PaymentsFilterForm
        key={params.toString()}
        filters={filters}
        onChange={(next) => {
          const search = new URLSearchParams();
          if (next.from) search.set('from', next.from);
          if (next.to) search.set('to', next.to);
          if (next.state) search.set('state', next.state);
          setParams(search);
        }}
      />
      <p role="status">
        {list.isError
          ? 'The payments could not be shown.'
          : data
            ? `${data.payments.length.toLocaleString('en-US')} payment${data.payments.length === 1 ? '' : 's'}`
            : 'Loading payments…'}
        {' · '}
        <a href={paymentsCsvUrl(filters)} download>
          Download CSV
        </a>
      </p>
      {list.isError ? <OfficeError error={list.error} /> : data && <PaymentsTables data={data} />}
    </>
  );
}

function PaymentsFilterForm({
  filters,
  onChange,
}: {
  filters: PaymentsFilters;
  onChange: (next: PaymentsFilters) => void;
}) {
  const [from, setFrom] = useState(filters.from ?? '');
  const [to, setTo] = useState(filters.to ?? '');
  const [state, setState] = useState<string>(filters.state ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange({
      from: from || undefined,
      to: to || undefined,
      state: (state || undefined) as PaymentState | undefined,
    });
  };
  return (
    <form className={styles.filters} onSubmit={submit} aria-label="Filter the payments">
      <label className={styles.field}>
        <span>From (date)</span>
        <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.currentTarget.value)} />
      </label>
      <label className={styles.field}>
        <span>To (date)</span>
        <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.currentTarget.value)} />
      </label>
      <label className={styles.field}>
        <span>State</span>
        <select value={state} onChange={(e) => setState(e.currentTarget.value)}>
          <option value="">Any state</option>
          {PAYMENT_STATES.map((s) => (
            <option key={s} value={s}>
              {PAYMENT_STATE_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <Button type="submit">Show payments</Button>
    </form>
  );
}

function PaymentsTables({ data }: { data: StaffPaymentsResponse }) {
  const zone = compactZoneName(data.time_zone);
  const money = (amount: number) => formatMoney(amount, data.currency);
  return (
    <>
      <section aria-labelledby="payments-list-title">
        <h2 id="payments-list-title" className={styles.heading}>
          Payments
        </h2>
        {data.payments.length === 0 ? (
          <p>No payment matches.</p>
        ) : (
          <div className={styles.tableWrap} role="region" aria-labelledby="payments-list-title" tabIndex={0}>
            <table className={styles.table}>
              <caption className="visually-hidden">Payments, newest first</caption>
              <thead>
                <tr>
                  <th scope="col">
                    Time (<abbr title={zone.long}>{zone.short}</abbr>)
                  </th>
                  <th scope="col">Applicant</th>
                  <th scope="col">For</th>
                  <th scope="col" className={styles.number}>
                    Amount
                  </th>
                  <th scope="col">State</th>
                  <th scope="col">Method</th>
                  <th scope="col">Provider reference</th>
                  <th scope="col" className={styles.number}>
                    Refunded
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.payments.map((p) => (
                  <tr key={p.id}>
                    <td>
                      {p.paid_at
                        ? formatCompact(p.paid_at, data.time_zone)
                        : p.received_on
                          ? formatLocalDate(p.received_on)
                          : formatCompact(p.created_at, data.time_zone)}
                    </td>
                    <td>
                      <Link to={`/staff/applications/${encodeURIComponent(p.application_id)}`}>
                        {p.applicant_name || p.applicant_email}
                      </Link>
                      <div className={styles.muted}>
                        {p.applicant_email}
                        {p.program && ` · ${p.program}`}
                      </div>
                    </td>
                    <td>{FEE_LABELS[p.purpose]}</td>
                    <td className={styles.number}>
                      {formatMoney(p.amount, p.currency)}
                      {p.state === 'amount_mismatch' && (
                        <div className={styles.muted}>asked {formatMoney(p.expected_amount, p.currency)}</div>
                      )}
                    </td>
                    <td>{PAYMENT_STATE_LABELS[p.state]}</td>
                    <td>{METHOD_LABELS[p.method]}</td>
                    <td>{p.reference || '—'}</td>
                    <td className={styles.number}>
                      {p.refunded_amount > 0 ? formatMoney(p.refunded_amount, p.currency) : '—'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      <section aria-labelledby="payments-totals-title">
        <h2 id="payments-totals-title" className={styles.heading}>
          Totals per day
        </h2>
        {data.totals.length === 0 ? (
          <p>No payment on these days.</p>
        ) : (
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">Totals per day, in {zone.long}</caption>
              <thead>
                <tr>
                  <th scope="col">
                    Day (<abbr title={zone.long}>{zone.short}</abbr>)
                  </th>
                  <th scope="col" className={styles.number}>
                    Payments
                  </th>
                  <th scope="col" className={styles.number}>
                    Paid
                  </th>
                  <th scope="col" className={styles.number}>
                    Refunded
                  </th>
                  <th scope="col" className={styles.number}>
                    Net
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.totals.map((t) => (
                  <tr key={t.day}>
                    <th scope="row">{formatLocalDate(t.day)}</th>
                    <td className={styles.number}>{t.count}</td>
                    <td className={styles.number}>{money(t.paid)}</td>
                    <td className={styles.number}>{money(t.refunded)}</td>
                    <td className={styles.number}>{money(t.net)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
