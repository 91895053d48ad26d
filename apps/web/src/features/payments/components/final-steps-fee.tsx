import { FEE_LABELS, formatMoney } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { usePayments } from '../api/payments-api';
import { feeSentence, isPayable, readerZone } from './fee-format';
import { PayOffline } from './pay-offline';
import { WaiverRequest } from './waiver-request';
import styles from '../payments.module.css';

export const FINAL_STEPS_FEE_HEADING = 'Application fee';

/**
 * Final Steps, before submitting (issue 43): the application fee, what it is for, and the way to ask for a waiver
 * before paying. It is paid once the application is submitted, on the page that confirms the submission. Nothing
 * when the tenant has no fees, or this application's program has none.
 */
export function FinalStepsFee() {
  const { fees, partnerName, time_zone } = useTenantConfig();
  const payments = usePayments(fees !== undefined);
  const data = payments.data;
  const fee = data?.fees.find((f) => f.purpose === 'application_fee');
  if (!data || !fee) return null;
  const amount = formatMoney(fee.amount, fee.currency);
  return (
    <section aria-labelledby="final-steps-fee" className={styles.section}>
      <h2 id="final-steps-fee" className={styles.heading}>
        {FINAL_STEPS_FEE_HEADING}
      </h2>
      {fee.state === 'due' || fee.state === 'overdue' ? (
        <p>
          {partnerName} charges an {FEE_LABELS.application_fee.toLowerCase()} of {amount}. It pays for the admissions
          office&apos;s review of your application. You pay it after you submit: the page that confirms your submission{' '}
          {data.online ? 'has the button to pay online' : 'says how to pay'}. If paying it would be hard for you, ask
          for a fee waiver before you pay.
        </p>
      ) : (
        <p>{feeSentence(fee, time_zone, readerZone())}</p>
      )}
      <WaiverRequest payments={data} />
      {!data.online && isPayable(fee) && <PayOffline fees={[fee]} />}
    </section>
  );
}
