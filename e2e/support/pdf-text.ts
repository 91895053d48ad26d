import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of a PDF as a viewer reads it (pdf.js), runs joined with spaces collapsed. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({
    data: new Uint8Array(bytes),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const parts: string[] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      for (const item of (await page.getTextContent()).items)
        if ('str' in item) parts.push(item.str, item.hasEOL ? '\n' : '');
    }
    return parts.join('').replace(/[ \t]+/g, ' ');
  } finally {
    await doc.destroy();
  }
}
