import type { ApplicantCopies, PdfRenderer } from '../pdf';

/** The drawing thread (for the letters written on the recommendation page) and the application's copies. */
export interface MyDataDrawing {
  renderer: PdfRenderer;
  copies: ApplicantCopies;
}
