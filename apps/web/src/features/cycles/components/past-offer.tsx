import {
  formatForReader,
  pastDecisionResponsePath,
  type DecisionResponse,
  type PastApplication,
  type PastDecision,
} from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { api } from '../../../lib/api-client';
import { userMessage } from '../../../lib/api-errors';
import { applicationCycleKey } from '../api/cycle-api';
import { readerZone } from './reader-zone';
import styles from './cycles.module.css';
import { useMutation } from '../../../lib/use-mutation';

type Offer = NonNullable<PastDecision['offer']>;

/**
 * An offer made to an application that a new cycle's replaced (issue 29): it
 * can still be accepted or declined until its reply-by instant, shown in the
 * institution's zone and the reader's own. The buttons name the cycle, so
 * they differ from those of the current application's decision.
 */
export function PastOffer({ past, offer, timeZone }: { past: PastApplication; offer: Offer; timeZone: string }) {
  const queryClient = useQueryClient();
  const reply = useMutation({
    mutationFn: (response: DecisionResponse) =>
      api.post<{ message: string }>(pastDecisionResponsePath(past.cycle.id), { response }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: applicationCycleKey }),
  });
  const label = past.cycle.label;
  return (
    <>
      {reply.isSuccess && <InlineAlert severity="success">{reply.data.message}</InlineAlert>}
      {offer.response ? (
        <p>{offer.response === 'accept' ? 'You accepted this offer.' : 'You declined this offer.'}</p>
      ) : offer.reply_by ? (
        <p>
          {offer.can_respond ? 'Please answer by' : 'Its reply date has passed:'}{' '}
          {formatForReader(offer.reply_by, timeZone, readerZone())}.
        </p>
      ) : null}
      {offer.can_respond && (
        <div className={styles.actions}>
          <Button
            onClick={() => reply.mutate('accept')}
            loading={reply.isPending && reply.variables === 'accept'}
            disabled={reply.isPending}
          >
            Accept the {label} offer
          </Button>
          <Button
            variant="secondary"
            onClick={() => reply.mutate('decline')}
            loading={reply.isPending && reply.variables === 'decline'}
            disabled={reply.isPending}
          >
            Decline the {label} offer
          </Button>
        </div>
      )}
      {reply.isError && <InlineAlert severity="error">{userMessage(reply.error)}</InlineAlert>}
    </>
  );
}
