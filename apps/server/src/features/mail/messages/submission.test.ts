import { buildForm } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { sampleFormTenant } from '../../../../../../test/tenants';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { submissionMail } from './submission';

const form = buildForm(sampleFormTenant('NFC'));

describe('submissionMail', () => {
  it('lists the sections and documents submitted, and when, without a single sensitive answer', () => {
    const answers = {
      ...completeAnswers(),
      birth_date: '1984-02-29',
      address_line_1: '221B Baker Street',
      ethnicity: 'Y',
      ethnicity_desc: 'Hispanic or Latino',
      race_asian: 'true',
    };
    const config = loadConfig({ PUBLIC_URL: 'https://apply.example.edu' });
    const mail = submissionMail(config, form, 'ada@example.edu', {
      answers,
      view: { addAnother: { college: 2 } },
      documents: {
        college_2_transcript_upload: { file_name: 't.pdf', file_size: 1 },
        research_upload: { file_name: 'r.pdf', file_size: 1 },
      },
      submittedAt: new Date('2026-11-02T09:00:00Z'),
    });
    // 09:00 UTC is 3 am in Chicago, the sample institution's zone, named as such.
    expect(mail.text).toContain('received your application at 3:00 am Central Time on Monday, 2 November 2026.');
    expect(mail.text).not.toContain('UTC');
    expect(mail.text).toContain('Documents:\n  - School 2: Unofficial Transcript\n  - Final Project Description');
    expect(mail.text).toContain('Colleges and Universities Attended');
    for (const secret of ['1984', 'Baker', 'Hispanic', 'Asian', 'Lovelace', 'Springfield', '555'])
      expect(mail.text).not.toContain(secret);
  });
});
