import { TextField } from '../../../components/ui/text-field';

/** The six digits an authenticator app shows: the phone's number pad, and the browser may fill it in. */
export function CodeField({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  return (
    <TextField
      label="Authenticator code"
      name="code"
      description="The 6-digit code your authenticator app shows now."
      value={value}
      onChange={(e) => onChange(e.target.value)}
      autoComplete="one-time-code"
      inputMode="numeric"
      pattern="[0-9 ]*"
      maxLength={7}
      required
    />
  );
}

/** What is sent: the digits, whatever spaces the person typed between them. */
export const digitsOf = (code: string) => code.replace(/\s+/g, '');
