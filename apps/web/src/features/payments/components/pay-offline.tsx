import { FEE_LABELS, formatMoney, type FeeView } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';

/**
 * Without an online provider (no key configured), how to pay instead: by check to the institution's address, or at
 * the admissions office; the office then records the payment by hand.
 */
export function PayOffline({ fees }: { fees: readonly FeeView[] }) {
  const { partnerName, addressLine1, addressLine2, helpEmail } = useTenantConfig();
  if (fees.length === 0) return null;
  const what = fees.map((f) => `the ${FEE_LABELS[f.purpose].toLowerCase()} of ${formatMoney(f.amount, f.currency)}`);
  return (
    <div>
      <p>Online payment is not available. Please pay {what.join(' and ')} by check or at the admissions office:</p>
      <ul>
        <li>
          By check, payable to {partnerName}, sent to {partnerName}, Admissions Office, {addressLine1}
          {addressLine2 ? `, ${addressLine2}` : ''}. Write your name on the check.
        </li>
        <li>
          In person at the admissions office, {addressLine1}
          {addressLine2 ? `, ${addressLine2}` : ''}.
        </li>
      </ul>
      <p>
        The office records your payment when it arrives, and it then shows here as paid. Questions? Write to{' '}
        <a href={`mailto:${helpEmail}`}>{helpEmail}</a>.
      </p>
    </div>
  );
}
