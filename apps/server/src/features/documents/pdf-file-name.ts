import { safeFileName } from '../../http/content-disposition';

/**
 * The converted file's name as the applicant's browser saves it: theirs, in any script, ending in .pdf
 * (http/content-disposition.ts keeps it safe). It is sent as a download, like the PDF copy: an uploaded
 * document is never rendered in our origin.
 */
export function pdfName(fileName: string): string {
  return `${
    safeFileName(fileName)
      .replace(/\.[^.]*$/, '')
      .trim() || 'document'
  }.pdf`;
}
