import { buildForm } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { sampleFormTenant } from '../../../../../test/tenants';
import { afterEach, describe, expect, it } from 'vitest';
import { copyOutline, type CopyHeader } from './copy-outline';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer';
import { readPdfText } from '../../../../../test/pdf-text';

const header: CopyHeader = {
  partnerName: 'Northfield College',
  applicationTitle: 'Graduate Application',
  applicantName: 'Ada Lovelace',
  email: 'ada@example.com',
  submittedAt: null,
};
const pages = copyOutline(buildForm(sampleFormTenant('NFC')), {
  answers: completeAnswers(),
  view: {},
  documentAnswer: {},
});

let renderer: PdfRenderer | undefined;
afterEach(async () => {
  await renderer?.close();
  renderer = undefined;
});

describe('the PDF drawing thread', () => {
  it('draws copies side by side, each answered under its own id', async () => {
    renderer = createPdfRenderer();
    const [a, b] = await Promise.all([
      renderer.render(header, pages),
      renderer.render({ ...header, applicantName: 'Grace Hopper' }, pages),
    ]);
    expect((await readPdfText(a)).lines[2]).toBe('Ada Lovelace');
    expect((await readPdfText(b)).lines[2]).toBe('Grace Hopper');
  });

  it('fails a drawing that takes too long', async () => {
    renderer = createPdfRenderer({ timeoutMs: 1 });
    await expect(renderer.render(header, pages)).rejects.toThrow('PDF drawing took longer than 1 ms');
  });

  it('fails what is waiting when it is closed', async () => {
    renderer = createPdfRenderer();
    const waiting = expect(renderer.render(header, pages)).rejects.toThrow('PDF renderer closed');
    await renderer.close();
    await waiting;
  });
});
