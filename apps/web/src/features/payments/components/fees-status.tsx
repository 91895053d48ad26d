import { FEE_LABELS, formatInZone, formatMoney, type PaymentPurpose, type PaymentsResponse } from '@admissions/domain';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import { STATUS_QUERY_KEY } from '../../../lib/status-query-key';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { userMessage } from '../../../lib/api-errors';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { startCheckout, useConfirmPayment, usePayments } from '../api/payments-api';
import { feeSentence, isPayable, readerZone } from './fee-format';
import { provider, rememberCheckout, takeCheckoutPurpose } from './leave-for-provider';
import { PayOffline } from './pay-offline';
import { useFocusOn } from './use-focus-on';
import { WaiverRequest } from './waiver-request';
import styles from '../payments.module.css';

export const FEES_STATUS_HEADING = 'Fees and payments';

/** The provider's return address carries this (`session_id={CHECKOUT_SESSION_ID}`). */
export const SESSION_PARAM = 'session_id';

type Said = { severity: 'success' | 'error' | 'info'; text: string };

/**
 * The status page's fees (issue 43): each fee and where it stands, a Pay button for a fee asked for (online), or
 * how to pay by check (offline). On the return from the provider's page (`?session_id=`), the server is asked to
 * read that payment back from the provider, and only its answer says "paid": the address proves nothing.
 */
export function FeesStatus() {
  const { fees: tenantFees, time_zone } = useTenantConfig();
  const enabled = tenantFees !== undefined;
  const payments = usePayments(enabled);
  useFollowStatus(enabled, payments.refetch);
  const [params, setParams] = useSearchParams();
  const returned = params.get(SESSION_PARAM);
  const confirm = useConfirmPayment();
  const [said, setSaid] = useState<Said | null>(null);
  const [leaving, setLeaving] = useState<PaymentPurpose | null>(null);
  // Each result takes the focus (the button that acted may be gone once the fees are drawn again).
  const result = useFocusOn();
  const tell = (next: Said) => {
    setSaid(next);
    result.focusResult();
  };

  // The session being confirmed: kept here once the address has forgotten it, so "Check again" can ask again.
  const [session, setSession] = useState<{ id: string; purpose: string | null } | null>(null);
  const asked = useRef<string | null>(null);
  const check = (id: string, purpose: string | null) =>
    confirm.mutate(id, {
      onSuccess: (answer) => tell(confirmationOf(answer, purpose, time_zone)),
      onError: (error) => tell({ severity: 'error', text: userMessage(error) }),
    });
  useEffect(() => {
    if (!enabled || !returned || asked.current === returned) return;
    asked.current = returned;
    const purpose = takeCheckoutPurpose();
    setSession({ id: returned, purpose });
    // A reload asks nothing again: the address forgets the session once it is being confirmed.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SESSION_PARAM);
        return next;
      },
      { replace: true },
    );
    check(returned, purpose);
    // Asked once per session in the address; check and setParams change on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, returned]);

  const data = payments.data;
  if (!enabled) return null;
  if (!data || (data.fees.length === 0 && data.payments.length === 0 && !session)) return null;

  const pay = (purpose: PaymentPurpose) => {
    setLeaving(purpose);
    startCheckout(purpose).then(
      ({ url }) => {
        rememberCheckout(purpose);
        provider.go(url);
      },
      (error: unknown) => {
        setLeaving(null);
        tell({ severity: 'error', text: userMessage(error) });
        void payments.refetch();
      },
    );
  };
  const payable = data.fees.filter(isPayable);
  const own = readerZone();
  return (
    <section aria-labelledby="fees-status" className={styles.section}>
      <h2 id="fees-status" className={styles.heading}>
        {FEES_STATUS_HEADING}
      </h2>
      <div ref={result.ref} tabIndex={-1} className={styles.result}>
        {confirm.isPending && <p role="status">Checking your payment with the payment service…</p>}
        {said &&
          (said.severity === 'info' ? (
            <p role="status">{said.text}</p>
          ) : (
            <InlineAlert severity={said.severity}>{said.text}</InlineAlert>
          ))}
      </div>
      {session && said?.severity !== 'success' && !confirm.isPending && (
        <p>
          <Button variant="secondary" onClick={() => check(session.id, session.purpose)}>
            Check my payment again
          </Button>
        </p>
      )}
      {data.fees.length > 0 && (
        <ul className={styles.fees}>
          {data.fees.map((fee) => (
            <li key={fee.purpose} className={styles.fee} data-state={fee.state}>
              <span>{feeSentence(fee, time_zone, own)}</span>
              {data.online && isPayable(fee) && (
                <Button
                  loading={leaving === fee.purpose}
                  disabled={leaving !== null || confirm.isPending}
                  onClick={() => pay(fee.purpose)}
                >
                  Pay {formatMoney(fee.amount, fee.currency)}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <PaymentNotes payments={data} timeZone={time_zone} />
      {!data.online && <PayOffline fees={payable} />}
      <WaiverRequest payments={data} />
    </section>
  );
}

/**
 * The fees follow the checklist: an answer to an offer (a deposit now due), a decision released, an item waived
 * refresh the status query, and the fees are asked again with it (not at its first answer: they just were).
 */
function useFollowStatus(enabled: boolean, refetch: () => Promise<unknown>) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    // Watched through the cache, not observed: an observer without the status page's own query function
    // would be asked to fetch when the status is refetched, and fail.
    const key = hashKey(STATUS_QUERY_KEY);
    let seen = client.getQueryState(STATUS_QUERY_KEY)?.dataUpdatedAt ?? 0;
    return client.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.query.queryHash !== key) return;
      const at = event.query.state.dataUpdatedAt;
      if (seen !== 0 && at !== seen) void refetch();
      seen = at;
    });
  }, [client, enabled, refetch]);
}

/** What the server's answer says of the payment just made: paid only when the server says so. */
function confirmationOf(answer: PaymentsResponse, purpose: string | null, timeZone: string): Said {
  const fee = answer.fees.find((f) => f.purpose === purpose);
  const paid = fee ? (fee.state === 'paid' ? [fee] : []) : answer.fees.filter((f) => f.state === 'paid');
  if (paid.length > 0)
    return {
      severity: 'success',
      text: `Thank you: your payment was received. ${paid
        .map(
          (f) => `${FEE_LABELS[f.purpose]}: paid${f.settled_at ? ` on ${formatInZone(f.settled_at, timeZone)}` : ''}.`,
        )
        .join(' ')} A receipt is on its way to you by e-mail.`,
    };
  return {
    severity: 'info',
    text:
      'The payment service has not confirmed a payment yet. If you completed it, it shows here as paid once the ' +
      'service confirms it; if you left the payment page without paying, nothing was charged.',
  };
}

/** Refunds and a payment the office must look at, beside the fees. */
function PaymentNotes({ payments, timeZone }: { payments: PaymentsResponse; timeZone: string }) {
  const notes = payments.payments.flatMap((p) => {
    const amount = formatMoney(p.amount, p.currency);
    const label = FEE_LABELS[p.purpose].toLowerCase();
    const when = p.paid_at ? ` on ${formatInZone(p.paid_at, timeZone)}` : '';
    if (p.refunded_amount > 0)
      return [`${formatMoney(p.refunded_amount, p.currency)} of your ${amount} ${label} payment${when} was refunded.`];
    if (p.state === 'amount_mismatch')
      return [
        `Your payment of ${amount}${when} did not match the ${label}. The admissions office will look into it and contact you.`,
      ];
    return [];
  });
  if (notes.length === 0) return null;
  return (
    <ul>
      {notes.map((n) => (
        <li key={n}>{n}</li>
      ))}
    </ul>
  );
}
