import { ERROR_MESSAGES, FILE_MESSAGES, type RecommendationView } from '@admissions/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ServerError, UnauthorizedError } from '../../../lib/api-errors';
import { uploadFile } from '../../documents/api/upload-api';
import { checkChosenFile } from '../../documents/state/check-chosen-file';
import {
  createLetterUploadForm,
  isLetterConverting,
  recommendationViewKey,
  submitLetterFile,
} from '../api/recommender-api';
import { fieldMessages, isLinkInvalid } from '../recommendation-errors';
import { useMutation } from '../../../lib/use-mutation';

export type LetterUploadPhase = 'choose' | 'uploading' | 'converting';

export const NO_FILE_MESSAGE = 'Please choose the file of your letter.';

/**
 * The letter as a file, with the applicants' file rules and upload: check
 * the chosen file in the browser, get a presigned form, upload it with
 * progress, hand it over for conversion, then wait while the page's state is
 * polled. A failed conversion shows the server's reason and the file input
 * again; the received letter is the page's confirmation.
 */
export function useLetterUpload(token: string, view: RecommendationView, onLinkInvalid: (message: string) => void) {
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | undefined>();
  const [uploadingName, setUploadingName] = useState('');
  const [percent, setPercent] = useState(0);
  const [errors, setErrors] = useState<readonly string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  // The last conversion's failure is about the last file; a newly chosen one replaces it.
  const [failureDismissed, setFailureDismissed] = useState(false);

  const upload = useMutation({
    mutationFn: async (chosen: File) => {
      const form = await createLetterUploadForm({ token });
      try {
        await uploadFile(form, chosen, setPercent);
      } catch (error) {
        // A recommender has no session to lose: a 401 from storage is a refused upload, not a trip to /login.
        throw error instanceof UnauthorizedError ? new ServerError(401, ERROR_MESSAGES.UPLOAD_POLICY_INVALID) : error;
      }
      return submitLetterFile({ token, file_key: form.fields.key ?? '', file_name: chosen.name });
    },
    onSuccess: (next, chosen) => {
      queryClient.setQueryData(recommendationViewKey(token), next);
      setFailureDismissed(false);
      setFile(undefined);
      if (isLetterConverting(next)) setAnnouncement(`${chosen.name} is uploaded. We are checking your letter.`);
    },
    onError: (error) => {
      if (isLinkInvalid(error)) onLinkInvalid(error.message);
      else setErrors(fieldMessages(error, 'file_name'));
    },
  });

  // The upload's answer is in the cache as soon as it arrives; the page's copy (view) can follow a render
  // later, and in between the widget would offer the file input again for a moment.
  const current = queryClient.getQueryData<RecommendationView>(recommendationViewKey(token)) ?? view;
  const phase: LetterUploadPhase = upload.isPending
    ? 'uploading'
    : isLetterConverting(current)
      ? 'converting'
      : 'choose';
  const failure =
    phase === 'choose' && current.letter_file.status === 'FAILED' && !failureDismissed
      ? current.letter_file.message || FILE_MESSAGES.conversionFailed
      : undefined;

  /** A file chosen in the picker: checked at once, so a refusal is shown before the upload is asked for. */
  const choose = async (chosen: File | undefined) => {
    setFile(chosen);
    setFailureDismissed(true);
    setErrors(chosen ? await readableCheck(chosen) : []);
  };

  /** 'Upload letter': resolves false when the file was refused (its messages are then shown). */
  const start = async (): Promise<boolean> => {
    if (!file) {
      setErrors([NO_FILE_MESSAGE]);
      return false;
    }
    const found = await readableCheck(file);
    setErrors(found);
    if (found.length > 0) return false;
    setUploadingName(file.name);
    setPercent(0);
    setAnnouncement(`Uploading ${file.name}.`);
    upload.mutate(file);
    return true;
  };

  return {
    phase,
    percent,
    /** The file being uploaded or checked ('' after a reload: the server's name then). */
    fileName: uploadingName || current.letter_file.file_name,
    errors: failure ? [...errors, failure] : errors,
    announcement,
    choose,
    start,
  };
}

/** The domain's file rules; a file that can no longer be read (moved, deleted) is a message too. */
async function readableCheck(file: File): Promise<string[]> {
  try {
    return await checkChosenFile(file);
  } catch {
    return [FILE_MESSAGES.notUploaded];
  }
}
