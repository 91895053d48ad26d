import { InlineAlert } from '../../../components/ui/inline-alert';
import { ServerError, userMessage } from '../../../lib/api-errors';
import { currentCount } from './message-format';

/**
 * A refused call, as the office reads it: the server's message for its code, the field messages under it (the
 * placeholder it does not know, the filter value), and the code itself for a colleague or the help desk. A count
 * that no longer matches says the number there is now, when the refusal carries it.
 */
export function MessageError({ error }: { error: unknown }) {
  if (!error) return null;
  const code = error instanceof ServerError ? error.code : undefined;
  const fields = error instanceof ServerError && error.errors ? Object.values(error.errors).flat() : [];
  const count = currentCount(error);
  return (
    <InlineAlert severity="error">
      {count === undefined
        ? userMessage(error)
        : `The number of recipients is now ${count.toLocaleString('en-US')}. Check that this is still who you mean, and type the new number to send.`}
      {fields.length > 0 && (
        <ul>
          {fields.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {code && <span> (code {code})</span>}
    </InlineAlert>
  );
}
