import { buildForm, MAX_REPEATS, type FormDefinition } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderApplicationPdf } from './application-pdf';
import { installFontFactsCache } from './font-facts-cache';
import { installPdfkitFontReuse } from './pdfkit-font-reuse';
import { installShapingCache } from './shaping-cache';
import { installTextLayoutCache } from './text-layout-cache';
import { copyOutline, type CopyHeader, type CopyLine, type CopyPage } from './copy-outline';
import { largestAnswers } from './largest-application.test-helper';
import { sampleFormTenant } from '../../../../../test/tenants';

/**
 * How the copy falls on its pages, read back page by page with pdf.js: the
 * running footer, what may not end a page, and which text is bold.
 */
const form: FormDefinition = buildForm(sampleFormTenant('NFC'));
const header: CopyHeader = {
  partnerName: 'Northfield College',
  applicationTitle: 'Graduate Application',
  applicantName: 'Ada Lovelace',
  email: 'ada@example.edu',
  submittedAt: null,
  timeZone: 'America/Chicago',
};

/** One line of a page as a reader sees it: its runs joined left to right, and the weights they are drawn in. */
interface PageLine {
  text: string;
  /** 'Bold', 'Regular': the end of each font's PostScript name (NotoSans-Bold), once each. */
  weights: string[];
}

async function readPages(pdf: Uint8Array): Promise<PageLine[][]> {
  const doc = await getDocument({
    data: new Uint8Array(pdf),
    verbosity: 0,
    isEvalSupported: false,
    useSystemFonts: false,
    fontExtraProperties: true,
  }).promise;
  try {
    const pages: PageLine[][] = [];
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      await page.getOperatorList(); // loads the page's fonts, so their names can be read
      const byY = new Map<number, { x: number; text: string; font: string }[]>();
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || item.str === '') continue;
        const y = Math.round(item.transform[5] as number);
        const font = (page.commonObjs.get(item.fontName) as { name: string }).name;
        byY.set(y, [...(byY.get(y) ?? []), { x: item.transform[4] as number, text: item.str, font }]);
      }
      pages.push(
        [...byY]
          .sort((a, b) => b[0] - a[0])
          .map(([, runs]) => runs.sort((a, b) => a.x - b.x))
          .map((runs) => ({
            text: runs.map((r) => r.text).join(''),
            weights: [...new Set(runs.filter((r) => r.text.trim() !== '').map((r) => r.font.replace(/^.*-/, '')))],
          })),
      );
    }
    return pages;
  } finally {
    await doc.destroy();
  }
}

/** Every text the copy draws as a heading of what follows it: titles, labels, group titles. */
function headings(pages: readonly CopyPage[]): Set<string> {
  const out = new Set<string>();
  const add = (lines: readonly CopyLine[]) => {
    for (const line of lines) {
      if (line.kind === 'group') {
        out.add(line.title);
        add(line.lines);
      } else if (line.kind === 'answer' || line.kind === 'choices') out.add(line.label);
      else if (line.kind === 'note' && line.title) out.add(line.title);
    }
  };
  for (const page of pages) {
    out.add(page.title);
    for (const section of page.sections) {
      if (section.title) out.add(section.title);
      add(section.lines);
    }
  }
  return out;
}

const largestOutline = copyOutline(form, {
  answers: largestAnswers(form, 'latin'),
  view: { addAnother: { college: MAX_REPEATS }, tabs: {} },
  documentAnswer: {},
});
const typicalOutline = copyOutline(form, { answers: completeAnswers(), view: {}, documentAnswer: {} });

let largest: PageLine[][];
let typical: PageLine[][];
beforeAll(async () => {
  largest = await readPages(await renderApplicationPdf(header, largestOutline));
  typical = await readPages(await renderApplicationPdf(header, typicalOutline));
}, 60_000);

describe('the pages of the PDF copy', () => {
  it('end with the partner, the applicant and "Page N of M", numbered on every page', () => {
    for (const pages of [largest, typical]) {
      expect(pages.length).toBeGreaterThan(1);
      expect(pages.map((lines) => lines.at(-1)?.text)).toEqual(
        pages.map((_, i) => `Northfield College: Ada Lovelace Page ${i + 1} of ${pages.length}`),
      );
    }
  });

  it('never end on a title or a label: a short answer stays with its label, a long one starts below it', () => {
    const heads = headings(largestOutline);
    // The largest copy runs a long answer across pages, and breaks inside groups of every depth.
    expect(largest.length).toBeGreaterThan(10);
    const lastLines = largest.map((lines) => lines.at(-2)?.text ?? '');
    expect(lastLines.filter((line) => heads.has(line))).toEqual([]);
    // The check reads what it should: the headings are lines of the copy.
    expect(largest.flat().filter((line) => heads.has(line.text)).length).toBeGreaterThan(150);
  });

  it('draws titles and labels in bold, answers and options in the regular weight', () => {
    const lines = typical.flat();
    const weightsOf = (text: string) => lines.find((l) => l.text === text)?.weights;
    for (const heading of ['Step 1: About You', 'Your Name', 'First name', 'Gender', 'Permanent Address'])
      expect(weightsOf(heading)).toEqual(['Bold']);
    for (const answer of ['Ada', 'Not answered', '[ ] Female', '[X] United States'])
      expect(weightsOf(answer)).toEqual(['Regular']);
  });

  it('read the same when drawn as the drawing thread draws them, with its caches, again and again', async () => {
    // As pdf-worker-thread.ts does before its first drawing; `largest` was drawn without them.
    installTextLayoutCache();
    installShapingCache();
    installFontFactsCache();
    installPdfkitFontReuse();
    for (let i = 0; i < 2; i++)
      expect(await readPages(await renderApplicationPdf(header, largestOutline))).toEqual(largest);
  }, 60_000);
});
