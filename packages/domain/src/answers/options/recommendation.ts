import { withBlank, type OptionList } from '../answer-option';

/** How a recommender knows the applicant. */
export const RECOMMENDER_RELATIONS: OptionList = withBlank([
  { value: 'PROF', label: 'Professor or instructor' },
  { value: 'ADVISOR', label: 'Academic advisor' },
  { value: 'SUPERVISOR', label: 'Employer or supervisor' },
  { value: 'COLLEAGUE', label: 'Colleague' },
  { value: 'MENTOR', label: 'Mentor' },
  { value: 'OTHER', label: 'Other' },
]);
