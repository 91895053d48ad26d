import { formatInZone, type ChecklistItem } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { AddressCorrection } from './address-correction';
import { RequestedUpload } from './requested-upload';
import { NOT_RECEIVED, STATE_LABELS } from './state-labels';
import styles from './status-checklist.module.css';

interface StatusChecklistProps {
  items: readonly ChecklistItem[];
  /** After submission: the office's requests can be answered here, and answers are no longer edited. */
  submitted: boolean;
  headingId: string;
  /**
   * Nothing more is asked of the applicant (declined, withdrawn, a closed cycle's unsubmitted application):
   * an item not in reads "Not received", with no request, message or action that asks for it.
   */
  settled?: boolean;
  /** The server takes no change now (the live application's cycle has closed): no upload, no correction. */
  readOnly?: boolean;
}

/** An item that came, or that the office no longer needs. */
const isIn = (item: ChecklistItem) => item.state === 'received' || item.state === 'waived';

/** What the applicant can do about an item, when anything. */
function Action({ item, submitted }: { item: ChecklistItem; submitted: boolean }) {
  if (item.state === 'requested') return <RequestedUpload itemKey={item.key} label={item.label} />;
  if (item.state === 'address_problem' && item.key.startsWith('letter:'))
    return <AddressCorrection prefix={item.key.slice('letter:'.length)} email={item.email ?? ''} />;
  if (item.state === 'missing' && !submitted && item.href)
    return (
      <a className={styles.link} href={item.href}>
        Complete this item<span className="visually-hidden">: {item.label}</span>
      </a>
    );
  return null;
}

/** The checklist: each item, its state and when it last changed (in the institution's zone), and what to do. */
export function StatusChecklist({
  items,
  submitted,
  headingId,
  settled = false,
  readOnly = false,
}: StatusChecklistProps) {
  const { time_zone } = useTenantConfig();
  return (
    <ul className={styles.list} aria-labelledby={headingId}>
      {items.map((item) => {
        // Settled: an item that never came is no longer asked for.
        const notReceived = settled && !isIn(item);
        return (
          <li key={item.key} className={styles.item} data-state={notReceived ? 'not_received' : item.state}>
            <div className={styles.row}>
              <span className={styles.label}>{item.label}</span>
              <span className={styles.state}>{notReceived ? NOT_RECEIVED : STATE_LABELS[item.state]}</span>
            </div>
            {item.updated_at && item.state !== 'missing' && (
              <p className={styles.when}>Last change: {formatInZone(item.updated_at, time_zone)}</p>
            )}
            {item.message && !notReceived && <p className={styles.message}>{item.message}</p>}
            {!notReceived && !readOnly && <Action item={item} submitted={submitted} />}
          </li>
        );
      })}
    </ul>
  );
}
