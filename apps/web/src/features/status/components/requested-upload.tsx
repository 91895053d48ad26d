import { FILE_ACCEPT } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { InlineAlert } from '../../../components/ui/inline-alert';
import { startConversion } from '../../documents/api/conversion-api';
import { createPresignedUrl, uploadFile } from '../../documents/api/upload-api';
import { statusQueryKey } from '../api/status-api';
import styles from './status-checklist.module.css';

/**
 * The one upload a submitted application still takes: the document the
 * office asked for again. Everything else stays locked (the server answers
 * 409 to any other). After the upload the checklist is asked again until the
 * conversion settles.
 */
export function RequestedUpload({ itemKey, label }: { itemKey: string; label: string }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [done, setDone] = useState(false);

  const send = async () => {
    const file = input.current?.files?.[0];
    if (!file) {
      setError('Please choose a file to upload.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const form = await createPresignedUrl({ answer_key: itemKey });
      await uploadFile(form, file, () => {});
      await startConversion(itemKey, { file_key: form.fields.key ?? '', file_name: file.name });
      setDone(true);
      // The conversion takes a few seconds: ask for the checklist until the item is received.
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 2000));
        await queryClient.invalidateQueries({ queryKey: statusQueryKey });
        const status = queryClient.getQueryData<{ checklist: { key: string; state: string }[] }>(statusQueryKey);
        if (status?.checklist.find((c) => c.key === itemKey)?.state !== 'requested') break;
      }
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The upload failed. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.upload}>
      <label htmlFor={id} className={styles.uploadLabel}>
        Upload a new file for {label}
      </label>
      {/* What the form's file questions take (the server refuses any other): no .doc, which it never took. */}
      <input id={id} ref={input} type="file" accept={FILE_ACCEPT} />
      <Button variant="secondary" loading={busy} onClick={() => void send()}>
        Upload
      </Button>
      {done && !error && <p role="status">Your file was uploaded. We are converting it.</p>}
      {error && <InlineAlert severity="error">{error}</InlineAlert>}
    </div>
  );
}
