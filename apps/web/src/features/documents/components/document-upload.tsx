import { formatFileSize, type DocumentAnswer, type FileQuestion } from '@admissions/domain';
import { useRef, useState } from 'react';
import { describedBy, labelIdOf } from '../../../components/form/shell/field-ids';
import { FieldDescription, FieldErrors } from '../../../components/form/shell/field-messages';
import fieldStyles from '../../../components/form/shell/field.module.css';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useApplicationLink } from '../../../lib/application-id';
import { useDocumentUpload, type UploadPhase } from '../hooks/use-document-upload';
import { useFocusFollow } from '../hooks/use-focus-follow';
import { DeleteFileDialog } from './delete-file-dialog';
import { FilePicker } from './file-picker';
import styles from './document-upload.module.css';

interface DocumentUploadProps {
  question: FileQuestion;
  /** The validation errors to show for the question ('Uploads require a file'). */
  errors: readonly string[];
  /** The profile's document_answer entry for the question. */
  document: DocumentAnswer | undefined;
}

/**
 * The upload widget of SPEC section 4 for a logged-in applicant: a native
 * file input; then a progress bar while the file uploads and a status while
 * it converts; then the file's name and size with a Download PDF link and a
 * Delete button that asks first. Whatever the phase, the element with the
 * question's key as id is the widget's focus target (summary links), changes
 * are announced in a status region, and focus is never dropped when the
 * element holding it is replaced.
 */
export function DocumentUpload({ question, errors: validationErrors, document }: DocumentUploadProps) {
  const key = question.key;
  const upload = useDocumentUpload(question, document);
  const { phase } = upload;
  const shown = [...upload.errors, ...validationErrors];
  const invalid = shown.length > 0;
  const hasDescription = Boolean(question.description);
  const labelId = labelIdOf(key);

  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const container = useRef<HTMLDivElement>(null);
  const primary = useRef<HTMLElement | null>(null);
  const focusFollow = useFocusFollow(phase.name, container, primary);

  const onConfirmDelete = async () => {
    const deleted = await upload.deleteDocument();
    focusFollow.next(deleted ? 'primary' : 'keep');
    setConfirming(false);
  };

  return (
    <div ref={container} className={fieldStyles.field} data-invalid={invalid || undefined}>
      {phase.name === 'choose' ? (
        <label id={labelId} className={fieldStyles.label} htmlFor={key}>
          {question.label}
        </label>
      ) : (
        <p id={labelId} className={`${fieldStyles.label} ${styles.label}`}>
          {question.label}
        </p>
      )}
      <FieldDescription fieldKey={key} text={question.description} />

      {phase.name === 'choose' ? (
        <FilePicker
          fieldKey={key}
          accept={question.accept}
          invalid={invalid}
          describedBy={describedBy(key, hasDescription, invalid)}
          inputRef={(el) => {
            primary.current = el;
          }}
          onChoose={(file) => void upload.choose(file)}
        />
      ) : (
        // One element for every later phase, so focus stays on it from upload to attached.
        <div
          ref={(el) => {
            primary.current = el;
          }}
          id={key}
          role="group"
          tabIndex={-1}
          aria-labelledby={labelId}
          aria-describedby={describedBy(key, hasDescription, invalid)}
          className={styles.box}
        >
          <PhaseBody
            phase={phase}
            fieldKey={key}
            pdfUrl={upload.pdfUrl}
            deleteButton={deleteButton}
            onDelete={() => setConfirming(true)}
          />
        </div>
      )}

      <FieldErrors fieldKey={key} errors={shown} live />
      <p role="status" className="visually-hidden">
        {upload.announcement}
      </p>
      <DeleteFileDialog
        open={confirming}
        onOpenChange={setConfirming}
        deleting={upload.deleting}
        onDelete={() => void onConfirmDelete()}
        onCloseAutoFocus={(event) => {
          // The dialog has no Radix trigger: focus goes back to Delete, or to the file input once deleted.
          event.preventDefault();
          if (focusFollow.take() === 'primary') primary.current?.focus();
          else deleteButton.current?.focus();
        }}
      />
    </div>
  );
}

interface PhaseBodyProps {
  phase: Exclude<UploadPhase, { name: 'choose' }>;
  fieldKey: string;
  pdfUrl: string;
  deleteButton: React.RefObject<HTMLButtonElement | null>;
  onDelete: () => void;
}

function PhaseBody({ phase, fieldKey, pdfUrl, deleteButton, onDelete }: PhaseBodyProps) {
  // The link names the page's application (issue 42), as a form call does.
  const href = useApplicationLink(pdfUrl);
  if (phase.name === 'uploading') {
    const progressId = `${fieldKey}-progress`;
    return (
      <>
        <label htmlFor={progressId} className={styles.statusText}>
          {phase.fileName ? `Uploading ${phase.fileName}` : 'Uploading your file'}
        </label>
        <span className={styles.progressRow}>
          {/* No value: indeterminate (the upload began before this page was shown again). */}
          <progress id={progressId} className={styles.progress} max={100} value={phase.percent} />
          {phase.percent !== undefined && (
            <span className={styles.percent} aria-hidden="true">
              {phase.percent}%
            </span>
          )}
        </span>
      </>
    );
  }

  if (phase.name === 'converting') {
    return (
      <p className={styles.statusText}>
        <Spinner size="small" />
        Converting {phase.fileName ?? 'your file'} to PDF…
      </p>
    );
  }

  const { file_name: name, file_size: size } = phase.document;
  return (
    <>
      <p className={styles.file}>
        <span className={styles.fileName}>{name}</span>{' '}
        <span className={styles.fileSize}>({formatFileSize(size)})</span>
      </p>
      <span className={styles.actions}>
        {/* The server sends the converted copy as a download (never shown inline on our origin). */}
        <a className={styles.view} href={href} download>
          Download PDF <span className="visually-hidden">of {name}</span>
        </a>
        <Button ref={deleteButton} variant="secondary" onClick={onDelete}>
          Delete <span className="visually-hidden">{name}</span>
        </Button>
      </span>
    </>
  );
}
