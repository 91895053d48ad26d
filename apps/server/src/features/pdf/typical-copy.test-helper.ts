import { buildForm } from '@admissions/domain';
import { completeAnswers } from '@admissions/domain/testing';
import { sampleFormTenant } from '../../../../../test/tenants';
import { copyOutline, type CopyHeader, type CopyPage } from './copy-outline';

/** The header of a typical draft copy: Ada Lovelace's, at Northfield College. */
export const TYPICAL_HEADER: CopyHeader = {
  partnerName: 'Northfield College',
  applicationTitle: 'Graduate Application',
  applicantName: 'Ada Lovelace',
  email: 'ada@example.com',
  submittedAt: null,
  timeZone: 'America/Chicago',
};

/** The pages of a typical copy: the sample tenant's form with a complete application's answers. */
export function typicalPages(): readonly CopyPage[] {
  return copyOutline(buildForm(sampleFormTenant('NFC')), { answers: completeAnswers(), view: {}, documentAnswer: {} });
}
