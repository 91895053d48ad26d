import { describe, expect, it } from 'vitest';
import { FILE_MESSAGES } from './file-messages';
import { checkFile, checkFileBasics, fileExtension, formatFileSize, sniffFileKind } from './file-rules';

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const PDF_HEAD = Uint8Array.from('%PDF-1.7\n', (c) => c.charCodeAt(0));
const ZIP_HEAD = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 20, 0]);
const EXE_HEAD = new Uint8Array([0x4d, 0x5a, 0x90, 0x00]);

describe('file rules (SPEC sections 5 and 9)', () => {
  it('accepts each allowed type at the limits', () => {
    expect(checkFileBasics({ name: 'a.png', size: 1 })).toEqual([]);
    expect(checkFileBasics({ name: `${'x'.repeat(27)}.docx`, size: 1_048_576 })).toEqual([]);
    expect(checkFileBasics({ name: 'Photo.JPEG', size: 10 })).toEqual([]);
    expect(checkFileBasics({ name: 'scan.jpg', size: 10 })).toEqual([]);
    expect(checkFileBasics({ name: 'essay.pdf', size: 10 })).toEqual([]);
  });

  it('refuses each broken rule with its message', () => {
    expect(checkFileBasics({ name: 'a.exe', size: 10 })).toEqual([FILE_MESSAGES.wrongType]);
    expect(checkFileBasics({ name: 'noextension', size: 10 })).toEqual([FILE_MESSAGES.wrongType]);
    expect(checkFileBasics({ name: 'a.pdf', size: 0 })).toEqual([FILE_MESSAGES.empty]);
    expect(checkFileBasics({ name: 'a.pdf', size: 1_048_577 })).toEqual([FILE_MESSAGES.tooLarge]);
    expect(checkFileBasics({ name: `${'x'.repeat(28)}.docx`, size: 10 })).toEqual([FILE_MESSAGES.nameTooLong]);
    expect(FILE_MESSAGES.tooLarge).toBe('Your file is too large. The maximum file size is 1 MB.');
    expect(FILE_MESSAGES.wrongType).toBe('You can only enter the following file types: .png, .jpeg, .jpg, .pdf, .docx');
    expect(FILE_MESSAGES.empty).toBe('Your file is empty. Please upload a non-empty file.');
  });

  it('judges content by its first bytes, not by the name', () => {
    expect(sniffFileKind(PNG_HEAD)).toBe('png');
    expect(sniffFileKind(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg');
    expect(sniffFileKind(PDF_HEAD)).toBe('pdf');
    expect(sniffFileKind(ZIP_HEAD)).toBe('docx');
    expect(sniffFileKind(EXE_HEAD)).toBeNull();
    expect(checkFile({ name: 'a.pdf', size: 9, head: PDF_HEAD })).toEqual([]);
    expect(checkFile({ name: 'a.pdf', size: 9, head: PNG_HEAD })).toEqual([FILE_MESSAGES.contentMismatch]);
    expect(checkFile({ name: 'a.docx', size: 4, head: EXE_HEAD })).toEqual([FILE_MESSAGES.contentMismatch]);
  });

  it('reads extensions and formats sizes without fractions', () => {
    expect(fileExtension('My.Report.DOCX')).toBe('docx');
    expect(fileExtension('.pdf')).toBe('');
    expect(formatFileSize(52_000)).toBe('51 KB');
    expect(formatFileSize(1_048_576)).toBe('1 MB');
    expect(formatFileSize(900)).toBe('900 B');
  });
});
