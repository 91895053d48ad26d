import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pageCount: number;
  /** Document information: Title, Author and so on. */
  info: Record<string, unknown>;
  /** Every line of every page, top to bottom, its runs joined left to right. */
  lines: string[];
}

type PdfDocument = Awaited<ReturnType<typeof getDocument>['promise']>;

/**
 * Opens a PDF the way a viewer does (pdf.js, Firefox's reader), so a test
 * proves the bytes are a PDF that opens, not just that they start with %PDF-.
 * The one PDF reader of the server tests and the browser journeys.
 */
async function readPdf<T>(bytes: Uint8Array, read: (doc: PdfDocument) => Promise<T>): Promise<T> {
  // pdf.js may take the buffer over; give it its own copy.
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    return await read(doc);
  } finally {
    await doc.destroy();
  }
}

/** The text of a PDF as a viewer reads it, runs joined with spaces collapsed. */
export function pdfText(bytes: Uint8Array): Promise<string> {
  return readPdf(bytes, async (doc) => {
    const parts: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      for (const item of (await page.getTextContent()).items)
        if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : '');
    }
    return parts.join('').replace(/[ \t]+/g, ' ');
  });
}

/** The PDF's page count, document information and lines. */
export function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  return readPdf(bytes, async (doc) => {
    const lines: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const byY = new Map<number, { x: number; text: string }[]>();
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || item.str === '') continue;
        const y = Math.round(item.transform[5] as number);
        const row = byY.get(y) ?? [];
        row.push({ x: item.transform[4] as number, text: item.str });
        byY.set(y, row);
      }
      for (const [, runs] of [...byY].sort((a, b) => b[0] - a[0])) {
        lines.push(
          runs
            .sort((a, b) => a.x - b.x)
            .map((r) => r.text)
            .join(''),
        );
      }
    }
    const { info } = await doc.getMetadata();
    return { pageCount: doc.numPages, info: info as Record<string, unknown>, lines };
  });
}

/** The lines after the first line equal to `label`, up to `count` of them: a question's answer or options. */
export function linesAfter(lines: readonly string[], label: string, count: number): string[] {
  const at = lines.indexOf(label);
  if (at < 0) throw new Error(`no line "${label}" in the PDF`);
  return lines.slice(at + 1, at + 1 + count);
}
