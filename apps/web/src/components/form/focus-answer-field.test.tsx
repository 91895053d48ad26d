import { buildForm, type Answers } from '@admissions/domain';
import { describe, expect, it } from 'vitest';
import { focusAnswerField } from './focus-answer-field';
import { renderForm } from './form-test-utils';
import { sampleFormTenant } from '../../../../../test/tenants';

const [about, education] = buildForm(sampleFormTenant('NFC')).pages;
const answers: Answers = { country: 'USA' };

describe('focusAnswerField', () => {
  it.each([
    'first_name',
    'birth_date',
    'phone_home',
    'gender',
    'ethnicity',
    'race',
    'race_asian',
    'permanent_address',
    'state',
    'optin_sms_ind',
  ])('focuses the field of %s on the About page', (key) => {
    renderForm(about!, { answers });
    expect(focusAnswerField(key)).toBe(true);
    expect(document.activeElement?.id).toBe(key);
  });

  it.each(['college_name', 'college_degree_earned_date', 'college_transcript_upload', 'college_school'])(
    'focuses %s on the Education page',
    (key) => {
      renderForm(education!, { answers: { college_degree_type: 'BACH' } });
      expect(focusAnswerField(key)).toBe(true);
    },
  );

  it('says so when the field is not on screen', () => {
    renderForm(education!);
    expect(focusAnswerField('college_2_name')).toBe(false);
  });
});
