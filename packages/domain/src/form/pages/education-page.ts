import { ENTRY_STATUSES, STUDENT_GRAD_TYPES } from '../../answers/options/programs';
import { programOptions, termOptions } from '../../programs/program-options';
import type { ProgramsTenant } from '../../programs/program-types';
import { YES_NO } from '../../answers/options/yes-no';
import { ESSAY_WORDS, MAX_REPEATS } from '../../constants';
import { pageMeta, type FormPage, type ProgramRules } from '../form-types';
import { file, info, radio, select, text, textarea } from '../question-builders';
import { repeatPrefixes } from '../repeat-prefixes';
import { DOMESTIC_APPLICANT, noResearchUploadNeeded } from './applicant-conditions';
import { schoolItem } from './school-item';

/** Button id of the previous-schools repeater (its count is stored under this id). */
export const SCHOOLS_BUTTON_ID = 'college';

/** Room for about ESSAY_WORDS words of average length with spaces. */
const ESSAY_MAX_LENGTH = ESSAY_WORDS * 8;

/** Step 2 (SPEC section 3, Education). */
export function educationPage(
  tenant: Pick<ProgramsTenant, 'programs' | 'terms'> & { shortName: string },
  degreeKey: string,
  programs: ProgramRules,
): FormPage {
  const { shortName } = tenant;
  return {
    ...pageMeta('education'),
    sections: [
      {
        key: 'program',
        title: 'Your Program',
        questions: [
          select('entry_term', 'When do you plan to enroll?', termOptions(tenant)),
          select('applied_major', 'Which program are you applying for?', programOptions(tenant), {
            description: 'Certificate programs are open to US citizens and permanent residents only.',
          }),
          select('student_grad_type', 'Which best describes you?', STUDENT_GRAD_TYPES),
          radio('entry_status', 'Do you plan to attend full time or part time?', ENTRY_STATUSES),
          {
            kind: 'condition-group',
            key: 'degree_seeking',
            label: '',
            branches: [
              // Domestic applicants may study as they choose: nothing more to ask.
              { when: DOMESTIC_APPLICANT, questions: [] },
              {
                when: { valueKey: 'citizenship', operator: 'answered' },
                questions: [
                  radio(degreeKey, `Do you plan to attend ${shortName} as a degree-seeking student?`, YES_NO),
                  info(
                    'international_enrollment',
                    'International students must enroll as full-time, degree-seeking students.',
                    {
                      audience: 'applicant',
                    },
                  ),
                ],
              },
            ],
          },
        ],
      },
      {
        key: 'schools',
        title: 'Colleges and Universities Attended',
        description: 'List every college or university you have attended, starting with the most recent.',
        questions: [
          {
            kind: 'add-another',
            key: SCHOOLS_BUTTON_ID,
            label: 'Previous Schools',
            buttonLabel: 'Add Another School',
            itemTitle: 'School',
            maxRepeats: MAX_REPEATS,
            prefixes: repeatPrefixes(SCHOOLS_BUTTON_ID, MAX_REPEATS),
            items: repeatPrefixes(SCHOOLS_BUTTON_ID, MAX_REPEATS).map(schoolItem),
          },
        ],
      },
      {
        key: 'experience',
        title: 'Honors and Employment',
        questions: [
          textarea('honor', 'Honors and Awards', {
            description: 'Academic honors, scholarships and awards, with the year of each.',
          }),
          text('employer_current', 'Current Employer'),
          radio('affiliated_employer', `Does your employer have a tuition partnership with ${shortName}?`, YES_NO),
        ],
      },
      {
        key: 'statement',
        title: 'Statement of Purpose',
        questions: [
          textarea('essay', 'Statement of Purpose', {
            description: `In about ${ESSAY_WORDS} words, tell us why you want to join the program and what you hope to do with it.`,
            maxLength: ESSAY_MAX_LENGTH,
            wordGuide: ESSAY_WORDS,
          }),
          file('research_upload', 'Final Project Description', {
            description:
              'Please upload a detailed description of the final project you plan to complete in the program.',
            hideWhen: noResearchUploadNeeded(programs),
          }),
        ],
      },
    ],
  };
}
