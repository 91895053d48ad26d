import { COUNTRIES, YES_NO, type FormDefinition, type Question } from '@admissions/domain';
import { describe, expect, it } from 'vitest';
import { attachmentHeader, copyFileName } from './copy-file-name';
import { copyOutline, FULL_OPTION_LIST_MAX, type CopyInput } from './copy-outline';

/** A one-page form of the given questions: the walk needs nothing more. */
function formOf(questions: Question[], sectionTitle = 'Section'): FormDefinition {
  return {
    shortName: 'NFC',
    degreeKey: 'nfc_degree',
    programs: { certificate: [], recommenders: [], researchUpload: [], termsOf: {} },
    pages: [
      {
        id: 'about',
        path: '/about',
        title: 'About You',
        step: 1,
        sections: [{ key: 's', title: sectionTitle, questions }],
      },
    ],
  };
}

function linesOf(questions: Question[], input: Partial<CopyInput> = {}) {
  const [page] = copyOutline(formOf(questions), { answers: {}, view: {}, documentAnswer: {}, ...input });
  return page?.sections[0]?.lines ?? [];
}

const kinds = {
  ssn: { kind: 'ssn', key: 'ssn', label: 'Social Security Number', maxLength: 11 },
  email: { kind: 'email', key: 'work_email', label: 'Work e-mail', maxLength: 100 },
  country: {
    kind: 'select',
    key: 'country',
    label: 'Country',
    options: COUNTRIES,
    descKey: 'country_desc',
    maxLength: 3,
  },
  upload: { kind: 'file', key: 'cv', label: 'Resume', maxLength: 255, accept: ['pdf'], maxBytes: 1, maxNameLength: 32 },
} satisfies Record<string, Question>;

describe('copyOutline', () => {
  it('titles each page with its step and leaves out a section with nothing to show', () => {
    const form = formOf([
      { kind: 'static', key: 'tip', label: '', content: 'Only while filling in.', audience: 'applicant' },
    ]);
    expect(copyOutline(form, { answers: {}, view: {}, documentAnswer: {} })).toEqual([
      { title: 'Step 1: About You', sections: [] },
    ]);
  });

  it('shows an SSN by its last four digits only', () => {
    expect(linesOf([kinds.ssn], { answers: { ssn: '123-45-6789' } })).toEqual([
      { kind: 'answer', label: 'Social Security Number', value: 'XXX-XX-6789' },
    ]);
  });

  it('shows a long select by its chosen option only, and nothing ticked while unanswered', () => {
    expect(COUNTRIES.length).toBeGreaterThan(FULL_OPTION_LIST_MAX);
    expect(linesOf([kinds.country], { answers: { country: 'CAN', country_desc: 'Canada' } })).toEqual([
      { kind: 'choices', label: 'Country', options: [{ label: 'Canada', chosen: true }] },
    ]);
    expect(linesOf([kinds.country])).toEqual([{ kind: 'answer', label: 'Country', value: '' }]);
  });

  it('keeps a stored choice that is no longer an option, marked chosen', () => {
    const radio: Question = { kind: 'radio', key: 'q', label: 'Q', options: YES_NO, descKey: 'q_desc', maxLength: 1 };
    expect(linesOf([radio], { answers: { q: 'M', q_desc: 'Maybe' } })).toEqual([
      {
        kind: 'choices',
        label: 'Q',
        options: [
          { label: 'Yes', chosen: false },
          { label: 'No', chosen: false },
          { label: 'Maybe', chosen: true },
        ],
      },
    ]);
  });

  it("says a document is attached, by its question's label, only when its converted document is there", () => {
    expect(linesOf([kinds.upload], { documentAnswer: { cv: { file_name: 'cv.pdf', file_size: 10 } } })).toEqual([
      { kind: 'note', text: 'Document attached for Resume' },
    ]);
    // An answer without a converted document (still converting, or failed) is not an attachment.
    expect(linesOf([kinds.upload], { answers: { cv: 'cv.pdf' } })).toEqual([
      { kind: 'answer', label: 'Resume', value: '' },
    ]);
    expect(linesOf([kinds.upload])).toEqual([{ kind: 'answer', label: 'Resume', value: '' }]);
  });

  it('leaves out applicant-only text and date banners; keeps text for everyone and for the print view', () => {
    const questions: Question[] = [
      { kind: 'static', key: 'a', label: '', content: 'Applicants only', audience: 'applicant' },
      { kind: 'static', key: 'b', label: 'Note', content: 'Everyone', audience: 'everyone' },
      { kind: 'static', key: 'c', label: '', content: 'Print only', audience: 'service' },
      {
        kind: 'date-window-banner',
        key: 'd',
        label: 'Deadline',
        startsAt: '2000-01-01T00:00:00Z',
        endsAt: '2999-01-01T00:00:00Z',
        content: 'Soon',
      },
      kinds.email,
    ];
    expect(linesOf(questions, { answers: { work_email: 'ada@work.example' } })).toEqual([
      { kind: 'note', title: 'Note', text: 'Everyone' },
      { kind: 'note', text: 'Print only' },
      { kind: 'answer', label: 'Work e-mail', value: 'ada@work.example' },
    ]);
  });

  it('shows only the branch of a condition group that holds', () => {
    const group: Question = {
      kind: 'condition-group',
      key: 'g',
      label: '',
      branches: [
        {
          when: { valueKey: 'country', operator: 'equals', target: 'USA' },
          questions: [{ ...kinds.email, key: 'us', label: 'US only' }],
        },
        {
          when: { valueKey: 'country', operator: 'answered' },
          questions: [{ ...kinds.email, key: 'intl', label: 'Elsewhere' }],
        },
      ],
    };
    expect(linesOf([group], { answers: { country: 'CAN' } })).toEqual([
      { kind: 'answer', label: 'Elsewhere', value: '' },
    ]);
    expect(linesOf([group])).toEqual([]);
  });
});

describe('copyFileName', () => {
  it('keeps the letters of the last name in any script, lower-cased, with an ASCII stand-in', () => {
    expect(copyFileName('Lovelace', 'u1')).toEqual({
      unicode: 'application-lovelace.pdf',
      ascii: 'application-lovelace.pdf',
    });
    expect(copyFileName('Łukasiewicz-Ñúñez', 'u1')).toEqual({
      unicode: 'application-łukasiewicz-ñúñez.pdf',
      ascii: 'application-lukasiewicz-nunez.pdf',
    });
    expect(copyFileName("O'Brien Dvořák", 'u1')).toEqual({
      unicode: 'application-o-brien-dvořák.pdf',
      ascii: 'application-o-brien-dvorak.pdf',
    });
    expect(copyFileName('李', 'u1')).toEqual({ unicode: 'application-李.pdf', ascii: 'application-u1.pdf' });
    expect(copyFileName('Жуков', 'u1').unicode).toBe('application-жуков.pdf');
  });

  it('leaves nothing a header or a file system would read as syntax, and falls back to the user id', () => {
    expect(copyFileName('"; rm -rf /', 'u1')).toEqual({
      unicode: 'application-rm-rf.pdf',
      ascii: 'application-rm-rf.pdf',
    });
    expect(copyFileName('../..\\x', 'u1').unicode).toBe('application-x.pdf');
    expect(copyFileName('', 'u1')).toEqual({ unicode: 'application-u1.pdf', ascii: 'application-u1.pdf' });
  });
});

describe('attachmentHeader', () => {
  it('names the file with filename*, UTF-8 encoded, when it is not plain ASCII', () => {
    expect(attachmentHeader(copyFileName('Lovelace', 'u1'))).toBe('attachment; filename="application-lovelace.pdf"');
    expect(attachmentHeader(copyFileName('Łukasiewicz', 'u1'))).toBe(
      `attachment; filename="application-lukasiewicz.pdf"; filename*=UTF-8''application-%C5%82ukasiewicz.pdf`,
    );
  });
});
