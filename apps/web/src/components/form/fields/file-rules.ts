import type { FileQuestion } from '@admissions/domain';

/** SPEC section 5, Inputs: the messages for a chosen file. */
export const FILE_MESSAGES = {
  empty: 'Your file is empty. Please upload a non-empty file.',
  tooLarge: 'Your file is too large. The maximum file size is 1 MB.',
  wrongType: 'You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx',
  // The SPEC gives no wording for this rule; this one says the limit and what counts.
  nameTooLong: (max: number) => `Your file name is too long. Please rename the file to ${max} characters or fewer, including the extension (such as .pdf).`,
  loggedOut: 'This question can be finished once you have created an account.',
} as const;

type ChosenFile = Pick<File, 'name' | 'size'>;

const extensionOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
};

/**
 * Every rule the file breaks, in the order a user would fix them. Only the
 * name is checked for the type here; the server checks the content.
 */
export function fileErrors(file: ChosenFile, question: Pick<FileQuestion, 'accept' | 'maxBytes' | 'maxNameLength'>): string[] {
  const errors: string[] = [];
  if (file.size === 0) errors.push(FILE_MESSAGES.empty);
  if (file.size > question.maxBytes) errors.push(FILE_MESSAGES.tooLarge);
  if (!question.accept.includes(extensionOf(file.name))) errors.push(FILE_MESSAGES.wrongType);
  if (file.name.length > question.maxNameLength) errors.push(FILE_MESSAGES.nameTooLong(question.maxNameLength));
  return errors;
}

/** SPEC section 9: sizes are shown rounded, with no fractions. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round(bytes / (1024 * 1024))} MB`;
}
