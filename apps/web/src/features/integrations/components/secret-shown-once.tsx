import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import styles from '../integrations.module.css';

/**
 * A secret the server answered this once (an API token, a webhook's signing secret): shown in a field to select,
 * with a button that copies it, under a warning that it will not be shown again. The warning takes the focus when
 * it appears, so a screen reader reads it before anything else.
 */
export function SecretShownOnce({ label, secret, warning }: { label: string; secret: string; warning: string }) {
  const id = useId();
  const warningRef = useRef<HTMLParagraphElement>(null);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  useEffect(() => warningRef.current?.focus(), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      // No clipboard here (an insecure page, a refused permission): the field is there to select by hand.
      setCopied('no');
    }
  };
  return (
    <div className={styles.form}>
      <p ref={warningRef} tabIndex={-1} className={styles.warning}>
        {warning}
      </p>
      <div className={styles.field}>
        <label htmlFor={`${id}-secret`}>{label}</label>
        <input
          id={`${id}-secret`}
          className={styles.secret}
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          onFocus={(e) => e.currentTarget.select()}
        />
      </div>
      <div className={styles.actions}>
        <Button variant="secondary" onClick={() => void copy()}>
          Copy {label.toLowerCase()}
        </Button>
        <span role="status">
          {copied === 'yes'
            ? 'Copied to the clipboard.'
            : copied === 'no'
              ? 'It could not be copied here: select the text in the field and copy it.'
              : ''}
        </span>
      </div>
    </div>
  );
}
