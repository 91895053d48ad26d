/**
 * The few parts of pdfkit (react-pdf's own PDF writer) that pdfkit-font-reuse.ts and bench/pdf-floor.ts use.
 * pdfkit-font-reuse.ts reaches the rest of the document's font state through its own narrow interface.
 */
declare module 'pdfkit' {
  interface PDFDocumentOptions {
    size?: string;
    margins?: { top: number; bottom: number; left: number; right: number };
  }
  export default class PDFDocument {
    constructor(options?: PDFDocumentOptions);
    on(event: 'data', listener: (chunk: Buffer) => void): this;
    on(event: 'end', listener: () => void): this;
    registerFont(name: string, src: string): this;
    font(src: string | object, size?: number): this;
    fontSize(size: number): this;
    text(text: string): this;
    moveDown(lines?: number): this;
    end(): void;
  }
}
