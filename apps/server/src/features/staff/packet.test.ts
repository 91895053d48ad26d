import { PDFDocument, StandardFonts } from '@cantoo/pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { createPdfRenderer } from '../pdf/pdf-renderer';
import { readPdfText } from '../../../../../test/pdf-text';
import type { ConvertedDocument } from './converted-documents';
import { composePacket } from './packet';

async function pdfWithPages(...texts: string[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of texts) doc.addPage([612, 792]).drawText(text, { x: 72, y: 700, size: 14, font });
  return doc.save();
}

const renderer = createPdfRenderer({ timeoutMs: 60_000 });
afterAll(() => renderer.close());
const separators = (list: Parameters<typeof renderer.renderSeparators>[0]) => renderer.renderSeparators(list);

function document(
  answerKey: string,
  label: string,
  bytes: Uint8Array | Error,
  fileName = `${answerKey}.docx`,
): ConvertedDocument {
  return {
    answerKey,
    label,
    fileName,
    fileSize: 1234,
    readPdf: async () => {
      if (bytes instanceof Error) throw bytes;
      return bytes;
    },
  };
}

describe('composePacket', () => {
  it('puts the application first, then each document behind a separator naming its question and file in any script', async () => {
    const copy = await pdfWithPages('APPLICATION COPY PAGE 1', 'APPLICATION COPY PAGE 2');
    const packet = await composePacket(
      copy,
      [
        document(
          'college_transcript_upload',
          'Transcript',
          await pdfWithPages('TRANSCRIPT PAGE 1', 'TRANSCRIPT PAGE 2'),
        ),
        document('research_upload', 'Final project — Zoë', await pdfWithPages('RESEARCH PAGE'), 'Проект 王芳.docx'),
      ],
      separators,
    );
    const pdf = await readPdfText(packet);
    expect(pdf.pageCount).toBe(2 + 1 + 2 + 1 + 1);
    const marks = pdf.lines.filter((l) => /PAGE|Document for|Transcript$|Final project|File:/.test(l));
    expect(marks).toEqual([
      'APPLICATION COPY PAGE 1',
      'APPLICATION COPY PAGE 2',
      'Document for the question',
      'Transcript',
      'File: college_transcript_upload.docx',
      'TRANSCRIPT PAGE 1',
      'TRANSCRIPT PAGE 2',
      'Document for the question',
      'Final project — Zoë',
      'File: Проект 王芳.docx',
      'RESEARCH PAGE',
    ]);
  });

  it('keeps a separator that says so for a document it cannot read, and goes on', async () => {
    const copy = await pdfWithPages('APPLICATION COPY');
    const packet = await composePacket(
      copy,
      [
        document('essay_upload', 'Essay', new Uint8Array([1, 2, 3])),
        document('research_upload', 'Research', new Error('storage is down')),
        document('college_transcript_upload', 'Transcript', await pdfWithPages('TRANSCRIPT')),
      ],
      separators,
    );
    const pdf = await readPdfText(packet);
    expect(pdf.pageCount).toBe(1 + 1 + 1 + 2);
    expect(pdf.lines.filter((l) => l.startsWith('This document could not be included'))).toHaveLength(2);
    expect(pdf.lines.at(-1)).toBe('TRANSCRIPT');
  });

  it('is the copy alone when there are no documents', async () => {
    const pdf = await readPdfText(await composePacket(await pdfWithPages('ONLY'), [], separators));
    expect(pdf.pageCount).toBe(1);
  });
});
