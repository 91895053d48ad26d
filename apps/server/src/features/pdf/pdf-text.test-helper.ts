import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export interface PdfText {
  pageCount: number;
  /** Document information: Title, Author and so on. */
  info: Record<string, unknown>;
  /** Every line of every page, top to bottom, its runs joined left to right. */
  lines: string[];
}

/**
 * Reads a PDF the way a viewer does (pdf.js, Firefox's reader), so a test
 * proves the bytes are a PDF that opens, not just that they start with %PDF-.
 */
export async function readPdfText(bytes: Uint8Array): Promise<PdfText> {
  // pdf.js may take the buffer over; give it its own copy.
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
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
  } finally {
    await doc.destroy();
  }
}

/** The lines after the first line equal to `label`, up to `count` of them: a question's answer or options. */
export function linesAfter(lines: readonly string[], label: string, count: number): string[] {
  const at = lines.indexOf(label);
  if (at < 0) throw new Error(`no line "${label}" in the PDF`);
  return lines.slice(at + 1, at + 1 + count);
}
