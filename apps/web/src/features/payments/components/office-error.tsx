import { InlineAlert } from '../../../components/ui/inline-alert';
import { ServerError, userMessage } from '../../../lib/api-errors';

/**
 * A refused call, as the office reads it (as the console's own CallError): the server's message for its stable
 * code, the field messages under it, and the code itself ("REFUND_TOO_LARGE") for a colleague or the help desk.
 */
export function OfficeError({ error }: { error: unknown }) {
  if (!error) return null;
  const code = error instanceof ServerError ? error.code : undefined;
  const fields = error instanceof ServerError && error.errors ? Object.values(error.errors).flat() : [];
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
