/** The few calls of pdfkit (react-pdf's own PDF writer) that bench/pdf-floor.ts makes. */
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
    font(name: string): this;
    fontSize(size: number): this;
    text(text: string): this;
    moveDown(lines?: number): this;
    end(): void;
  }
}
