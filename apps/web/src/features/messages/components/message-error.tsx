import { CallError } from '../../../components/ui/call-error';
import { currentCount } from './message-format';

/**
 * A refused call, as the office reads it (CallError); a count that no longer matches says the number there is
 * now, when the refusal carries it.
 */
export function MessageError({ error }: { error: unknown }) {
  const count = currentCount(error);
  return (
    <CallError
      error={error}
      message={
        count === undefined
          ? undefined
          : `The number of recipients is now ${count.toLocaleString('en-US')}. Check that this is still who you mean, and type the new number to send.`
      }
    />
  );
}
