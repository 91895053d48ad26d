import { ServerError, userMessage } from '../../lib/api-errors';
import { InlineAlert } from './inline-alert';

/**
 * A refused call, as the office reads it: the server's message for its stable code (or the caller's own words
 * for it, `message`), the field messages under it, and the code itself for a colleague or the help desk
 * ("STAFF_RIGHT_MISSING"). `hide`: fields a reader has no use for, as ids beside the names that say the same
 * (issue 49).
 */
export function CallError({
  error,
  hide = [],
  message,
}: {
  error: unknown;
  hide?: readonly string[];
  message?: string;
}) {
  if (!error) return null;
  const code = error instanceof ServerError ? error.code : undefined;
  const fields =
    error instanceof ServerError && error.errors
      ? Object.entries(error.errors)
          .filter(([field]) => !hide.includes(field))
          .flatMap(([, messages]) => messages)
      : [];
  return (
    <InlineAlert severity="error">
      {message ?? userMessage(error)}
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
