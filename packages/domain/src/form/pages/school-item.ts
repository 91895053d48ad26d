import { DEGREE_TYPES, DEGREES_BY_TYPE } from '../../answers/options/schooling';
import { conditionalSelect, file, info, monthYear, part, select, text } from '../question-builders';
import type { Question } from '../question-types';
import { placeQuestions } from './address-parts';

/** Tab ids of the transcript choice in every school block. */
export const TRANSCRIPT_TABS = { upload: 'upload', later: 'later' } as const;

/**
 * One previous school; every answer key is `prefix` + part (SPEC section 3:
 * college_, college_2_ ... college_10_). This is the only place these keys are named.
 */
export function schoolItem(prefix: string): readonly Question[] {
  const place = placeQuestions(prefix, 'Address');
  return [
    {
      kind: 'school-block',
      key: `${prefix}school`,
      label: 'College or University',
      description:
        'Start typing the name and pick your school from the list. If it is not listed, fill in its details.',
      lookupCategory: 'college_ceeb',
      searchPart: 'name',
      questions: [
        part('name', text(`${prefix}name`, 'Search for Your School', { maxLength: 100 })),
        // Filled from the directory when a school is picked, and still editable: the directory's
        // codes are best effort, and applicants who know their school's code can correct it.
        part(
          'ceeb',
          text(`${prefix}ceeb`, 'CEEB Code', {
            maxLength: 10,
            description: 'Filled in when you pick your school. Leave it blank if you do not know it.',
          }),
        ),
        // Directory street lines reach 66 characters; room for them, like the name.
        part('address_line_1', { ...place.address_line_1, maxLength: 100 }),
        part('city', place.city),
        part('country', place.country),
        part('state', place.state),
        part('zip', place.zip),
      ],
    },
    select(`${prefix}degree_type`, 'Level of study', DEGREE_TYPES),
    conditionalSelect(`${prefix}degree`, 'Degree Earned/Expected', `${prefix}degree_type`, {
      category: 'display-and-options',
      byControlValue: DEGREES_BY_TYPE,
    }),
    // Reaches a few years ahead, because a degree may still be expected.
    monthYear(`${prefix}degree_earned_date`, 'Date Conferred or Expected', { offset: 6, count: 66, direction: 'past' }),
    text(`${prefix}degree_major`, 'Major or Field of Study'),
    text(`${prefix}gpa`, 'GPA', { maxLength: 10, description: 'On the scale your school uses, for example 3.45.' }),
    {
      kind: 'tabs',
      key: `${prefix}transcript`,
      label: 'Transcript',
      defaultTab: TRANSCRIPT_TABS.upload,
      tabs: [
        {
          id: TRANSCRIPT_TABS.upload,
          label: 'Upload a copy now',
          questions: [
            file(`${prefix}transcript_upload`, 'Unofficial Transcript', {
              description: 'A scan or download of your transcript is enough to start the review.',
            }),
          ],
        },
        {
          id: TRANSCRIPT_TABS.later,
          label: 'I will send it later',
          questions: [
            info(
              `${prefix}transcript_later`,
              'Please ask your school to send an official transcript to the Office of Graduate Admissions. We will match it to your application.',
            ),
          ],
        },
      ],
    },
  ];
}
