if (process.env.MEMO !== '0') await import('./pdfkit-font-memo');
if (process.env.FK === '1') await import('./fontkit-memo');
// import './pdfkit-font-memo';
import { buildForm, MAX_REPEATS } from '@admissions/domain';
import { loadConfig } from '../../apps/server/src/config';
import { largestAnswers } from '../../apps/server/src/features/pdf/largest-application.test-helper';
import { copyOutline, type CopyHeader } from '../../apps/server/src/features/pdf/copy-outline';
import { renderApplicationPdf } from '../../apps/server/src/features/pdf/application-pdf';
import { installShapingCache } from '../../apps/server/src/features/pdf/shaping-cache';

const form = buildForm(loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused' }).tenant);
if (process.env.CACHE !== '0') installShapingCache();
const header: CopyHeader = { partnerName: 'Northfield College', applicationTitle: 'Graduate Application', applicantName: 'Łukasiewicz', email: 'm@example.edu', submittedAt: null };
const times: number[] = [];
for (let i = 0; i < 25; i++) {
  const answers = { ...largestAnswers(form, 'latin'), first_name: `Łukasiewicz ${i}` };
  const pages = copyOutline(form, { answers, view: { addAnother: { college: MAX_REPEATS }, tabs: {} }, documentAnswer: {} });
  const t = performance.now();
  await renderApplicationPdf(header, pages);
  times.push(performance.now() - t);
}
{ const s = times.slice(5).sort((a, b) => a - b); console.log("median", s[Math.floor(s.length / 2)]!.toFixed(0), "min", s[0]!.toFixed(0), times.map((t) => t.toFixed(0)).join(" ")); }
