import { FILE_ACCEPT, FILE_EXTENSIONS, FILE_MAX_BYTES_LABEL, FILE_NAME_MAX_LENGTH } from '@admissions/domain';
import { useLayoutEffect, useRef, type FormEvent } from 'react';
import { describedBy, labelIdOf } from '../../../components/form/shell/field-ids';
import { FieldDescription, FieldErrors } from '../../../components/form/shell/field-messages';
import fieldStyles from '../../../components/form/shell/field.module.css';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import type { useLetterUpload } from '../hooks/use-letter-upload';
import styles from './letter-upload.module.css';
import pageStyles from './recommend-page.module.css';

export const LETTER_FILE_LABEL = 'Letter file';
export const UPLOAD_LETTER_LABEL = 'Upload letter';

const KEY = 'letter_file';
const DESCRIPTION = `Accepted file types: ${FILE_EXTENSIONS.map((e) => `.${e}`).join(', ')}. The file may be up to ${FILE_MAX_BYTES_LABEL}, and its name up to ${FILE_NAME_MAX_LENGTH} characters long.`;

interface LetterUploadProps {
  upload: ReturnType<typeof useLetterUpload>;
  /** Another answer is on its way. */
  disabled: boolean;
}

/**
 * The file input and its Upload button; then, while the letter uploads and
 * is checked, one status box that holds focus. Progress is said politely in
 * a status region; a refusal or failed conversion is said at the field, and
 * focus goes back to the file input so another file can be chosen.
 */
export function LetterUpload({ upload, disabled }: LetterUploadProps) {
  const { phase, errors } = upload;
  const input = useRef<HTMLInputElement>(null);
  const box = useRef<HTMLDivElement>(null);
  const invalid = errors.length > 0;
  const labelId = labelIdOf(KEY);

  // Focus follows the part that replaced the one it was on, in the same commit.
  const previous = useRef(phase);
  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = phase;
    if (before === phase) return;
    if (phase === 'choose') input.current?.focus();
    else if (before === 'choose') box.current?.focus();
  }, [phase]);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void upload.start().then((started) => {
      if (!started) input.current?.focus();
    });
  };

  return (
    <form className={pageStyles.form} noValidate onSubmit={onSubmit}>
      <div className={fieldStyles.field} data-invalid={invalid || undefined}>
        {phase === 'choose' ? (
          <label id={labelId} className={fieldStyles.label} htmlFor={KEY}>
            {LETTER_FILE_LABEL}
          </label>
        ) : (
          <p id={labelId} className={`${fieldStyles.label} ${styles.label}`}>
            {LETTER_FILE_LABEL}
          </p>
        )}
        <FieldDescription fieldKey={KEY} text={DESCRIPTION} />
        {phase === 'choose' ? (
          <input
            ref={input}
            id={KEY}
            name={KEY}
            type="file"
            className={fieldStyles.control}
            accept={FILE_ACCEPT}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy(KEY, true, invalid)}
            onChange={(event) => void upload.choose(event.target.files?.[0])}
          />
        ) : (
          <div ref={box} role="group" tabIndex={-1} aria-labelledby={labelId} aria-busy="true" className={styles.box}>
            {phase === 'uploading' ? (
              <>
                <label htmlFor={`${KEY}-progress`} className={styles.statusText}>
                  Uploading {upload.fileName}
                </label>
                <span className={styles.progressRow}>
                  <progress id={`${KEY}-progress`} className={styles.progress} max={100} value={upload.percent} />
                  <span className={styles.percent} aria-hidden="true">
                    {upload.percent}%
                  </span>
                </span>
              </>
            ) : (
              <p className={styles.statusText}>
                <Spinner size="small" />
                Checking {upload.fileName || 'your letter'}. This can take a moment…
              </p>
            )}
          </div>
        )}
        <FieldErrors fieldKey={KEY} errors={errors} live />
      </div>
      {phase === 'choose' && (
        <Button type="submit" disabled={disabled}>
          {UPLOAD_LETTER_LABEL}
        </Button>
      )}
      <p role="status" className="visually-hidden">
        {upload.announcement}
      </p>
    </form>
  );
}
