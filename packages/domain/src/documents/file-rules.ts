import { FILE_EXTENSIONS, FILE_MAX_BYTES, FILE_NAME_MAX_LENGTH } from '../constants';
import { FILE_MESSAGES } from './file-messages';

export type FileExtension = (typeof FILE_EXTENSIONS)[number];

/** What a file really is, judged by its first bytes. */
export type FileKind = 'png' | 'jpeg' | 'pdf' | 'docx';

/** The extension of a file name, lower-cased, or '' when it has none. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The kind of content an allowed extension promises; null for any other extension. */
export function kindOfExtension(extension: string): FileKind | null {
  switch (extension.toLowerCase()) {
    case 'png':
      return 'png';
    case 'jpg':
    case 'jpeg':
      return 'jpeg';
    case 'pdf':
      return 'pdf';
    case 'docx':
      return 'docx';
    default:
      return null;
  }
}

/** The browser's `accept` attribute for a file input. */
export const FILE_ACCEPT = FILE_EXTENSIONS.map((e) => `.${e}`).join(',');

/**
 * SPEC sections 5 and 9, checked from what the browser knows before upload
 * (name and size) and again by the server. Returns every message that applies,
 * in the order an applicant should fix them; [] means acceptable.
 */
export function checkFileBasics(file: { name: string; size: number }): string[] {
  const messages: string[] = [];
  if (kindOfExtension(fileExtension(file.name)) === null) messages.push(FILE_MESSAGES.wrongType);
  if (file.size <= 0) messages.push(FILE_MESSAGES.empty);
  else if (file.size > FILE_MAX_BYTES) messages.push(FILE_MESSAGES.tooLarge);
  if (file.name.length > FILE_NAME_MAX_LENGTH) messages.push(FILE_MESSAGES.nameTooLong);
  return messages;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const ZIP = [0x50, 0x4b, 0x03, 0x04]; // a local file header: a docx is a zip

/** Bytes needed by sniffFileKind. */
export const SNIFF_BYTES = 16;

/**
 * The kind of a file judged by its first bytes (magic numbers). A zip is
 * reported as 'docx': whether it really is a Word document is decided by the
 * server, which reads its entries.
 */
export function sniffFileKind(head: Uint8Array): FileKind | null {
  if (startsWith(head, PNG)) return 'png';
  if (startsWith(head, JPEG)) return 'jpeg';
  if (startsWith(head, PDF)) return 'pdf';
  if (startsWith(head, ZIP)) return 'docx';
  return null;
}

/**
 * The full check of a file whose first bytes are known: its name and size, then
 * whether its content is what its extension says. [] means acceptable.
 */
export function checkFile(file: { name: string; size: number; head: Uint8Array }): string[] {
  const messages = checkFileBasics(file);
  if (messages.length) return messages;
  const promised = kindOfExtension(fileExtension(file.name));
  return sniffFileKind(file.head) === promised ? [] : [FILE_MESSAGES.contentMismatch];
}

/** SPEC section 9: the size shown beside a document, rounded with no fractions (e.g. "52 KB"). */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  if (bytes < 1_048_576) return `${Math.round(bytes / 1024)} KB`;
  return `${Math.round(bytes / 1_048_576)} MB`;
}
