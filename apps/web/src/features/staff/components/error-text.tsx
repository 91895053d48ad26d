import { InlineAlert } from '../../../components/ui/inline-alert';
import { ServerError, userMessage } from '../../../lib/api-errors';

/**
 * A refused call, as the office reads it: the server's message for its stable
 * code, the field messages under it, and the code itself for a colleague or
 * the help desk ("STAFF_RIGHT_MISSING").
 */
export function CallError({ error, hide = [] }: { error: unknown; hide?: readonly string[] }) {
  if (!error) return null;
  const code = error instanceof ServerError ? error.code : undefined;
  // `hide`: fields a reader has no use for, as ids beside the names that say the same (issue 49).
  const fields =
    error instanceof ServerError && error.errors
      ? Object.entries(error.errors)
          .filter(([field]) => !hide.includes(field))
          .flatMap(([, messages]) => messages)
      : [];
  return (
    <InlineAlert severity="error">
      {userMessage(error)}
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
