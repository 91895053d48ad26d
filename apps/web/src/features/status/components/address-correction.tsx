import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { TextField } from '../../../components/ui/text-field';
import { useCorrectAddress } from '../api/status-api';
import styles from './status-checklist.module.css';

/** A recommender's address that refused our mail, corrected here even after submission; the request goes again. */
export function AddressCorrection({ prefix, email }: { prefix: string; email: string }) {
  const [value, setValue] = useState(email);
  const correct = useCorrectAddress(prefix);
  return (
    <form
      className={styles.address}
      onSubmit={(e) => {
        e.preventDefault();
        correct.mutate(value.trim());
      }}
    >
      <TextField
        label="Your recommender's correct e-mail address"
        type="email"
        autoComplete="off"
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        errors={correct.error ? [correct.error.message] : []}
      />
      <Button type="submit" variant="secondary" loading={correct.isPending}>
        Send the request to this address
      </Button>
      {correct.isSuccess && <InlineAlert severity="success">We sent the request to {value.trim()}.</InlineAlert>}
    </form>
  );
}
