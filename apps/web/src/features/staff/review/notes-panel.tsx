import { MAX_NOTE_LENGTH } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { PageLoading } from '../../../components/ui/page-loading';
import { addNote, notesKey, useNotes } from '../api/review-api';
import { CallError } from '../components/error-text';
import { useResultFocus } from '../components/use-result-focus';
import { useZonedTime } from '../components/zoned-time';
import styles from './review.module.css';

/** Notes for colleagues (never for the applicant): who wrote each and when, and a new one. */
export function NotesPanel({ userId }: { userId: string }) {
  const id = useId();
  const notes = useNotes(userId);
  const time = useZonedTime();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState('');
  const [error, setError] = useState<unknown>();
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const field = useRef<HTMLTextAreaElement>(null);
  // Focus goes to what the note's adding did (or why not): the note itself is read there, and then in the list.
  const result = useResultFocus<HTMLDivElement>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    setSaid('');
    if (text.trim() === '') {
      setProblem('Write the note first.');
      field.current?.focus();
      return;
    }
    setProblem('');
    setBusy(true);
    try {
      await addNote(userId, text);
      setText('');
      setSaid('Your note was added.');
      await queryClient.invalidateQueries({ queryKey: notesKey(userId) });
    } catch (err) {
      setError(err);
    } finally {
      result.focusResult();
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className={styles.panel}>
      <h2 id={`${id}-title`} className={styles.panelTitle}>
        Notes
      </h2>
      {notes.isError ? (
        <CallError error={notes.error} />
      ) : !notes.data ? (
        <PageLoading />
      ) : notes.data.notes.length === 0 ? (
        <p>No notes yet.</p>
      ) : (
        <ol className={styles.cards} aria-label="Notes, oldest first">
          {notes.data.notes.map((n) => (
            <li key={n.id} className={styles.card}>
              <p className={styles.cardHead}>
                <strong>{n.author_name ?? n.author}</strong> <span className={styles.hint}>{time(n.created_at)}</span>
              </p>
              <p className={styles.text}>{n.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        <div className={styles.field}>
          <label htmlFor={`${id}-new`}>New note (for the office only)</label>
          <textarea
            id={`${id}-new`}
            ref={field}
            rows={3}
            maxLength={MAX_NOTE_LENGTH}
            value={text}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? `${id}-problem` : undefined}
            onChange={(e) => setText(e.target.value)}
          />
          {problem && (
            <p id={`${id}-problem`} className={styles.error}>
              {problem}
            </p>
          )}
        </div>
        <div className={styles.buttons}>
          <Button type="submit" variant="secondary" loading={busy}>
            Add note
          </Button>
        </div>
        <div ref={result.ref} tabIndex={-1}>
          <CallError error={error} />
          <p role="status" className={styles.status}>
            {said}
          </p>
        </div>
      </form>
    </section>
  );
}
