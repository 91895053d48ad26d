import { serveThreadJobs } from '../../infra/worker-threads/serve-thread-jobs';
import { renderApplicationPdf } from './application-pdf';
import type { Drawing, RenderAnswer } from './pdf-renderer';
import { renderSeparatorsPdf } from './separator-pdf';
import { renderWrittenLetterPdf } from './written-letter-pdf';
import { renderDecisionLetterPdf } from './decision-letter-pdf';
import { installFontFactsCache } from './font-facts-cache';
import { installGlyphCodePointsFix } from './glyph-code-points';
import { installPdfkitFontReuse } from './pdfkit-font-reuse';
import { installShapingCache } from './shaping-cache';
import { installTextLayoutCache } from './text-layout-cache';

// Before the first drawing: each glyph keeps the characters it stands for, whichever document asked for it
// first, and every drawing on this thread reuses the lines and the shaping of the ones before it and
// what it learnt of each font, and each drawing sets a font it has already embedded without wrapping it anew.
installGlyphCodePointsFix();
installTextLayoutCache();
installShapingCache();
installFontFactsCache();
installPdfkitFontReuse();

function drawn(drawing: Drawing): Promise<Buffer> {
  switch (drawing.kind) {
    case 'copy':
      return renderApplicationPdf(drawing.header, drawing.pages);
    case 'letter':
      return renderWrittenLetterPdf(drawing.letter);
    case 'decision-letter':
      return renderDecisionLetterPdf(drawing.letter);
    case 'separators':
      return renderSeparatorsPdf(drawing.separators);
  }
}

/** Draws each copy, letter or set of separators it is sent; the bytes go back to pdf-renderer.ts. */
serveThreadJobs<Drawing, RenderAnswer>('pdf-worker-thread', async (drawing) => {
  const pdf = await drawn(drawing);
  return new Uint8Array(pdf.buffer, pdf.byteOffset, pdf.byteLength);
});
