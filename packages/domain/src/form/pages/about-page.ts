import { YES } from '../../answers/answer-values';
import { COUNTRIES, USA } from '../../answers/options/countries';
import { ETHNICITIES, GENDERS } from '../../answers/options/personal';
import { YES_NO } from '../../answers/options/yes-no';
import { pageMeta, type FormPage } from '../form-types';
import type { DateWindowBannerQuestion } from '../question-types';
import { checkbox, date, phone, radio, select, text } from '../question-builders';
import { addressBlock } from './address-block';

/** The priority-deadline banner's words and window, from the tenant file (buildForm). */
export type DateWindowBanner = Pick<DateWindowBannerQuestion, 'label' | 'content' | 'startsAt' | 'endsAt'>;

/** Step 1 (SPEC section 3, About): with the tenant's priority-deadline banner first, when it has one. */
export function aboutPage(banner?: DateWindowBanner): FormPage {
  return {
    ...pageMeta('about'),
    sections: [
      ...(banner
        ? [
            {
              key: 'deadlines',
              questions: [{ kind: 'date-window-banner' as const, key: 'priority_deadline_banner', ...banner }],
            },
          ]
        : []),
      {
        key: 'name',
        title: 'Your Name',
        questions: [
          text('first_name', 'First name', { autoComplete: 'given-name' }),
          text('middle_name', 'Middle name', { autoComplete: 'additional-name' }),
          text('last_name', 'Last name', { autoComplete: 'family-name' }),
          text('preferred_name', 'Preferred first name', {
            description: 'What you would like us to call you, if it differs from your first name.',
          }),
          text('prev_lname', 'Previous last name', { description: 'If your transcripts show a different last name.' }),
          select('gender', 'Gender', GENDERS, { equality: 'monitoring' }),
          date('birth_date', 'Date of Birth', { description: 'You must be 13 years or older to apply.' }),
        ],
      },
      {
        key: 'contact',
        title: 'Contact Information',
        description: 'Please give at least one phone number where we can reach you.',
        questions: [
          phone('phone_home', 'Home Phone', { description: 'Daytime phone number.' }),
          phone('phone_mobile', 'Cell Phone'),
          phone('phone_home_evening', 'Evening Phone'),
          text('phone_international', 'International Phone', {
            maxLength: 20,
            description: 'Include the country code, for example +44 20 7946 0958.',
          }),
          checkbox('optin_sms_ind', 'Send me text message updates about my application.', {
            description: 'A cell phone number is required to receive text message updates.',
          }),
        ],
      },
      {
        key: 'address',
        title: 'Address',
        questions: [
          addressBlock('permanent_address', 'Permanent Address', ''),
          radio(
            'mailing_addr_same_as_perm_addr',
            'Is your mailing address the same as your permanent address?',
            YES_NO,
          ),
          addressBlock('mailing_address', 'Mailing Address', 'mailing_', {
            valueKey: 'mailing_addr_same_as_perm_addr',
            operator: 'equals',
            target: YES,
          }),
        ],
      },
      {
        key: 'background',
        title: 'Background',
        description:
          'These questions are optional. Your answers are used for federal reporting and do not affect the admission decision.',
        questions: [
          radio('ethnicity', 'Are you Hispanic or Latino?', ETHNICITIES, { equality: 'monitoring' }),
          {
            kind: 'check-group',
            key: 'race',
            label: 'Race (check all that apply)',
            equality: 'monitoring',
            items: [
              checkbox('race_american_indian', 'American Indian or Alaska Native'),
              checkbox('race_asian', 'Asian'),
              checkbox('race_black', 'Black or African American'),
              checkbox('race_native_hawaiian', 'Native Hawaiian or Other Pacific Islander'),
              checkbox('race_white', 'White'),
            ],
          },
        ],
      },
      {
        key: 'citizenship',
        title: 'Citizenship',
        questions: [
          select('citizenship', 'Primary Citizenship', COUNTRIES, { equality: 'reported' }),
          select('citizenship_dual', 'Second Citizenship', COUNTRIES, {
            description: 'Only if you are a citizen of more than one country.',
          }),
          // A US citizen cannot also hold a green card, so the box would only confuse.
          checkbox('residency_status', 'I am a permanent resident of the United States (green card holder).', {
            hideWhen: [
              { valueKey: 'citizenship', operator: 'equals', target: USA },
              { valueKey: 'citizenship_dual', operator: 'equals', target: USA },
            ],
          }),
        ],
      },
    ],
  };
}
