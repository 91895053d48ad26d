import { buildForm, MAX_REPEATS, type Answers, type DocumentAnswer } from '@admissions/domain';
import { afterAll, describe, expect, it } from 'vitest';
import { copyOutline, type CopyHeader } from './copy-outline';
import { fill, largestAnswers, SCRIPT_SAMPLES, type Script } from './largest-application.test-helper';
import { createPdfRenderer } from './pdf-renderer';
import { linesAfter, readPdfText } from '../../../../../test/pdf-text';
import { sampleFormTenant } from '../../../../../test/tenants';

/**
 * The largest copy the form allows, drawn on the real drawing thread in each
 * script applicants write their names in, and read back with pdf.js.
 */
const form = buildForm(sampleFormTenant('NFC'));
const renderer = createPdfRenderer({ timeoutMs: 60_000 });
afterAll(() => renderer.close());

/** What pdf.js reads back, without the spaces, line breaks and break hyphens the layout chose. */
const squeeze = (text: string) => text.replace(/[\s-]+/g, '');

/**
 * pdf.js reads right-to-left and conjunct-forming text in the order it is
 * drawn, not always in the order it is written (words of an Arabic line,
 * a Devanagari reph): those are compared word by word, as a set.
 */
const VISUAL_ORDER: readonly Script[] = ['arabic', 'devanagari'];
const wordsOf = (text: string) => new Set(text.split(/\s+/).filter(Boolean));

/** Every school's transcript uploaded and converted, but for school 10, which will send it later. */
const documentAnswer: Record<string, DocumentAnswer> = Object.fromEntries(
  [
    'college_transcript_upload',
    ...Array.from({ length: MAX_REPEATS - 2 }, (_, i) => `college_${i + 2}_transcript_upload`),
    'research_upload',
  ].map((key) => [key, { file_name: `${key}.pdf`, file_size: 20_480 }]),
);

async function drawLargest(script: Script) {
  const answers: Answers = {
    ...largestAnswers(form, script),
    applied_major: 'BMN',
    applied_major_desc: 'MA in Biomedical Nursing',
  };
  const name = SCRIPT_SAMPLES[script];
  const header: CopyHeader = {
    partnerName: 'Northfield College',
    applicationTitle: 'Graduate Application',
    applicantName: name,
    email: 'applicant@example.edu',
    submittedAt: null,
    timeZone: 'America/Chicago',
  };
  const pages = copyOutline(form, {
    answers,
    view: { addAnother: { college: MAX_REPEATS }, tabs: { college_10_transcript: 'later' } },
    documentAnswer,
  });
  const started = performance.now();
  const pdf = await renderer.render(header, pages);
  return { answers, pdf, ms: performance.now() - started, text: await readPdfText(pdf) };
}

describe('the PDF copy of the largest application', () => {
  it.each(['latin', 'greek', 'cyrillic', 'cjk', 'arabic', 'devanagari'] as const)(
    'draws ten full schools and every text at its limit in %s',
    async (script) => {
      const { answers, pdf, ms, text } = await drawLargest(script);
      // The running footer ('Page 3 of 29', partner and name) is left out: a long answer runs across it.
      const lines = text.lines.filter(
        (l, i) => i < 3 || !(/^Page \d+ of \d+$/.test(l) || l.startsWith('Northfield College: ')),
      );

      if (VISUAL_ORDER.includes(script))
        expect(
          [...wordsOf(lines[2] ?? '')].filter((w) => wordsOf(SCRIPT_SAMPLES[script]).has(w)).length,
        ).toBeGreaterThan(0);
      else expect(lines[2]).toBe(SCRIPT_SAMPLES[script]);
      // Every school, numbered, shown as its name and its CEEB code.
      for (let n = 1; n <= MAX_REPEATS; n++) expect(lines).toContain(`School ${n}`);
      const schoolName = answers.college_10_name ?? '';
      expect(lines.filter((l) => l.includes('3434'))).toHaveLength(MAX_REPEATS);
      if (!VISUAL_ORDER.includes(script)) expect(squeeze(lines.join(''))).toContain(squeeze(`${schoolName} (3434)`));
      // The statement of purpose at its limit, whole.
      const essay = answers.essay ?? '';
      expect(essay.length).toBeGreaterThan(5000);
      if (!VISUAL_ORDER.includes(script)) {
        const after = lines.slice(lines.indexOf('Statement of Purpose') + 2).join('');
        expect(squeeze(after)).toContain(squeeze(essay));
      }
      // Documents attached by the label of their question; school 10 on its 'later' tab.
      expect(lines.filter((l) => l === 'Document attached for Unofficial Transcript')).toHaveLength(MAX_REPEATS - 1);
      expect(lines).toContain('Document attached for Final Project Description');
      const schoolTen = lines.slice(lines.indexOf('School 10'));
      expect(linesAfter(schoolTen, 'Transcript', 2)).toEqual(['[ ] Upload a copy now', '[X] I will send it later']);
      // Reasonable to draw and to send: fonts are subset to the glyphs used.
      expect(text.pageCount).toBeGreaterThan(10);
      expect(pdf.byteLength).toBeLessThan(1_500_000);
      expect(ms).toBeLessThan(30_000);
    },
    90_000,
  );

  it('draws names in every script side by side on one line, in their own letters', async () => {
    const everyone = Object.values(SCRIPT_SAMPLES).join(' / ');
    const header: CopyHeader = {
      partnerName: 'Northfield College',
      applicationTitle: 'Graduate Application',
      applicantName: everyone,
      email: 'a@example.edu',
      submittedAt: null,
      timeZone: 'America/Chicago',
    };
    const pages = copyOutline(form, {
      answers: { first_name: fill('Zoë Ærø — “€”', 45) },
      view: {},
      documentAnswer: {},
    });
    const { lines } = await readPdfText(await renderer.render(header, pages));
    const heading = lines.slice(2, lines.indexOf('a@example.edu')).join(' ');
    for (const script of ['latin', 'greek', 'cyrillic', 'cjk'] as const)
      expect(heading).toContain(SCRIPT_SAMPLES[script]);
    expect(heading).toContain('محمد');
    expect(linesAfter(lines, 'First name', 1)).toEqual([fill('Zoë Ærø — “€”', 45)]);
    expect(lines.join('\n')).not.toContain('\ufffd');
  }, 60_000);
});
