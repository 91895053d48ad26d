import { buildForm, MAX_REPEATS } from '@admissions/domain';
import { loadConfig } from '../../apps/server/src/config';
import { largestAnswers } from '../../apps/server/src/features/pdf/largest-application.test-helper';
import { copyOutline, type CopyHeader } from '../../apps/server/src/features/pdf/copy-outline';
import { createPdfRenderer } from '../../apps/server/src/features/pdf/pdf-renderer';

const form = buildForm(loadConfig({ ...process.env, DATABASE_URL: 'postgres://unused' }).tenant);
const r = createPdfRenderer();
const header: CopyHeader = { partnerName: 'Northfield College', applicationTitle: 'Graduate Application', applicantName: 'Łukasiewicz', email: 'm@example.edu', submittedAt: null };
const times: number[] = [];
for (let i = 0; i < 25; i++) {
  const answers = { ...largestAnswers(form, 'latin'), first_name: `Łukasiewicz ${i}` };
  const pages = copyOutline(form, { answers, view: { addAnother: { college: MAX_REPEATS }, tabs: {} }, documentAnswer: {} });
  const t = performance.now();
  await r.render(header, pages);
  times.push(performance.now() - t);
}
await r.close();
{ const s = times.slice(5).sort((a, b) => a - b); console.log("median", s[Math.floor(s.length / 2)]!.toFixed(0), "min", s[0]!.toFixed(0), times.map((t) => t.toFixed(0)).join(" ")); }
