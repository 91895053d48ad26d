import { DECISION_STATES, FEE_FILTERS, programOptions, STAFF_WEB_STATUSES, termOptions } from '@admissions/domain';
import { useTenantConfig } from '../../../shared/site/api/tenant-api';
import { useDecisionCodes } from '../../decisions/api/decision-api';
import type { SegmentOptions } from '../../messages/components/segment-fields';
import { FEE_FILTER_LABELS } from '../../payments/components/fee-format';
import { useStages } from '../api/workflow-api';
import { useStaffAccess } from '../components/staff-access';
import { STATUS_LABELS } from '../components/staff-format';

/**
 * A decision state a message may be aimed at (decision 066): only a released decision chooses a recipient, so the
 * states before the release (provisional, scheduled) are not offered.
 */
const RELEASED_STATES = DECISION_STATES.filter((s) => s !== 'provisional' && s !== 'scheduled');

/**
 * The console list's filters' choices, as the list offers them (its search form), for the filters of a message's
 * segment (issue 46): a member limited to programs is offered only theirs, and the fee states only where the
 * institution charges fees.
 */
export function useListFilterOptions(): SegmentOptions {
  const tenant = useTenantConfig();
  const stages = useStages();
  const codes = useDecisionCodes({ optional: true });
  const mine = useStaffAccess().programs;
  return {
    status: STAFF_WEB_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] })),
    program: programOptions(tenant).filter((o) => o.value && (mine === null || mine.includes(o.value))),
    term: termOptions(tenant).filter((o) => o.value),
    stage: (stages.data?.stages ?? []).map((s) => ({ value: s.id, label: s.label })),
    complete: [
      { value: 'yes', label: 'Complete' },
      { value: 'no', label: 'Not complete' },
    ],
    decision: (codes.data?.codes ?? []).map((c) => ({ value: c.code, label: c.label })),
    decision_state: RELEASED_STATES.map((s) => ({ value: s, label: s })),
    fee: tenant.fees === undefined ? [] : FEE_FILTERS.map((f) => ({ value: f, label: FEE_FILTER_LABELS[f] })),
  };
}
