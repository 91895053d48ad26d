import type { PDFFont } from '@cantoo/pdf-lib';

/**
 * Text drawn with pdf-lib's standard fonts (the packet's separator pages, a
 * written letter). Helvetica's encoding (WinAnsi) has no glyph for most other
 * scripts: what it cannot draw becomes '?', and the console shows the exact text.
 */
export function drawable(font: PDFFont, text: string): string {
  return [...text.normalize('NFC')]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** Breaks text into lines of at most `width` points, at spaces. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(next, size) > width && line) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
