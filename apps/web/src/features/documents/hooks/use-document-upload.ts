import {
  FILE_MESSAGES,
  formatFileSize,
  isDocumentWaiting,
  type DocumentAnswer,
  documentFilePath,
  type FileQuestion,
} from '@admissions/domain';
import { useIsMutating, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  conversionQueryKey,
  deleteConversion,
  NOT_ANSWERED,
  startConversion,
  useConversionStatus,
} from '../api/conversion-api';
import { refreshDocumentAnswers, useDeleteDocumentAnswer } from '../api/document-answers-api';
import { createPresignedUrl, uploadFile } from '../api/upload-api';
import { checkChosenFile } from '../state/check-chosen-file';
import { forgetDocumentLocally, readDocuments } from '../state/documents-cache';
import { uploadMutationKey } from '../state/upload-activity';
import { useUploadErrorToast } from './use-upload-error-toast';
import { useMutation } from '../../../lib/use-mutation';

/** What the widget shows. */
export type UploadPhase =
  /** No document: the file input (with the reason when the last conversion failed). */
  | { name: 'choose' }
  /** Asking where to upload, uploading (percent), then starting the conversion. */
  | { name: 'uploading'; fileName: string; percent: number | undefined }
  /** The server is converting; fileName is unknown after a reload. */
  | { name: 'converting'; fileName: string | undefined }
  | { name: 'attached'; document: DocumentAnswer };

/**
 * One file question's upload (SPEC section 4, Document upload and
 * conversion): choose, check with the domain's rules, get a presigned form,
 * upload with progress, start the conversion, poll it every 2000 ms, then
 * show the document the server lists. `document` is the profile's entry for
 * the question (document_answer), the state the widget starts from.
 */
export function useDocumentUpload(question: FileQuestion, document: DocumentAnswer | undefined) {
  const key = question.key;
  const queryClient = useQueryClient();
  const showUploadError = useUploadErrorToast(question.label);
  const conversion = useConversionStatus(key, true);
  const [percent, setPercent] = useState(0);
  const [chosenName, setChosenName] = useState<string | undefined>();
  const [ruleErrors, setRuleErrors] = useState<readonly string[]>([]);
  const [announcement, setAnnouncement] = useState('');
  /** COMPLETED, yet the list of documents does not have it: the widget offers the file input again. */
  const [documentMissing, setDocumentMissing] = useState(false);

  /** SPEC section 8: after an upload error the conversion is deleted and the field cleared. */
  const resetAfterError = useCallback(() => {
    queryClient.setQueryData(conversionQueryKey(key), NOT_ANSWERED);
    forgetDocumentLocally(queryClient, key);
    // Best effort: there may be nothing to delete, and the error has been shown already.
    deleteConversion(key).catch(() => {});
  }, [queryClient, key]);

  const upload = useMutation({
    mutationKey: uploadMutationKey(key),
    mutationFn: async (file: File) => {
      const form = await createPresignedUrl({ answer_key: key });
      await uploadFile(form, file, setPercent);
      return startConversion(key, { file_key: form.fields.key ?? '', file_name: file.name });
    },
    onSuccess: (status) => queryClient.setQueryData(conversionQueryKey(key), status),
    onError: (error) => {
      showUploadError(error);
      resetAfterError();
    },
  });

  const { mutate: startUpload } = upload;
  const remove = useDeleteDocumentAnswer();
  const { mutateAsync: removeDocument } = remove;
  // An upload started before this widget was last mounted (the applicant left the page and came back).
  const uploading = useIsMutating({ mutationKey: uploadMutationKey(key) }) > 0;

  const status = conversion.data?.status;

  // A failed status call: shown as an upload error. A document already attached is left alone.
  const failedCallAt = conversion.isError ? conversion.errorUpdatedAt : 0;
  // Once per failed call: the other values are read as they are then, through a ref.
  const onFailedCall = useRef(() => {});
  onFailedCall.current = () => {
    showUploadError(conversion.error);
    if (document) queryClient.setQueryData(conversionQueryKey(key), NOT_ANSWERED);
    else resetAfterError();
  };
  useEffect(() => {
    if (failedCallAt) onFailedCall.current();
  }, [failedCallAt]);

  // COMPLETED: the server now lists the document; fetch the list (once) to show its name and size.
  useEffect(() => {
    if (status !== 'COMPLETED' || document || documentMissing) return;
    refreshDocumentAnswers(queryClient)
      .then(() => {
        // Not listed after all (deleted meanwhile, elsewhere): back to the file input.
        if (!Object.hasOwn(readDocuments(queryClient), key)) setDocumentMissing(true);
      })
      .catch((error: unknown) => {
        showUploadError(error);
        setDocumentMissing(true);
      });
  }, [status, document, documentMissing, queryClient, key, showUploadError]);

  // FAILED: the server cleared the question; so does the browser. The reason is shown under the field.
  useEffect(() => {
    if (status === 'FAILED') forgetDocumentLocally(queryClient, key);
  }, [status, queryClient, key]);

  const phase = useMemo<UploadPhase>(
    () =>
      uploading
        ? {
            name: 'uploading',
            fileName: upload.isPending ? (chosenName ?? '') : '',
            percent: upload.isPending ? percent : undefined,
          }
        : document
          ? { name: 'attached', document }
          : (status && isDocumentWaiting(status)) || (status === 'COMPLETED' && !documentMissing)
            ? { name: 'converting', fileName: chosenName }
            : { name: 'choose' },
    [uploading, upload.isPending, chosenName, percent, document, status, documentMissing],
  );

  // Say what changed, once per change this visit caused (not on page load).
  const previous = useRef(phase.name);
  useEffect(() => {
    const before = previous.current;
    previous.current = phase.name;
    if (before === phase.name) return;
    if (phase.name === 'converting') setAnnouncement(`Converting ${chosenName ?? 'your file'} to PDF.`);
    if (phase.name === 'attached' && (before === 'converting' || before === 'uploading')) {
      setAnnouncement(`${phase.document.file_name} (${formatFileSize(phase.document.file_size)}) is attached.`);
    }
    // A failed upload or conversion: its reason is said where it is shown, and the
    // status must not go on saying that the file is on its way.
    if (phase.name === 'choose' && (before === 'converting' || before === 'uploading')) setAnnouncement('');
  }, [phase, chosenName]);

  const choose = useCallback(
    async (file: File | undefined) => {
      if (!file) return;
      let errors: string[];
      try {
        errors = await checkChosenFile(file);
      } catch (error) {
        // The file could not be read (moved or deleted since it was chosen).
        showUploadError(error);
        return;
      }
      setRuleErrors(errors);
      if (errors.length > 0) return;
      // A new file replaces the last failure's reason.
      if (status === 'FAILED') queryClient.setQueryData(conversionQueryKey(key), NOT_ANSWERED);
      setChosenName(file.name);
      setPercent(0);
      setDocumentMissing(false);
      setAnnouncement(`Uploading ${file.name}.`);
      startUpload(file);
    },
    [status, queryClient, key, startUpload, showUploadError],
  );

  /** Resolves true once deleted; a failure is shown as a toast. */
  const deleteDocument = useCallback(async (): Promise<boolean> => {
    try {
      await removeDocument(key);
    } catch (error) {
      showUploadError(error);
      return false;
    }
    setRuleErrors([]);
    setAnnouncement('Your file has been deleted.');
    return true;
  }, [removeDocument, key, showUploadError]);

  const failure =
    status === 'FAILED' && phase.name === 'choose'
      ? conversion.data?.message || FILE_MESSAGES.conversionFailed
      : undefined;

  return {
    phase,
    /** The rules the chosen file broke, then the reason its conversion failed. */
    errors: failure ? [...ruleErrors, failure] : ruleErrors,
    announcement,
    choose,
    deleteDocument,
    deleting: remove.isPending,
    /** The applicant's own converted PDF. */
    pdfUrl: (status === 'COMPLETED' && conversion.data?.url) || documentFilePath(key),
  };
}
