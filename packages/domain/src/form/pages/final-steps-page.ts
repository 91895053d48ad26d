import { YES } from '../../answers/answer-values';
import { YES_NO } from '../../answers/options/yes-no';
import { pageMeta, type FormPage, type ProgramRules } from '../form-types';
import { checkbox, info, radio, textarea } from '../question-builders';
import { QUESTION_KINDS } from '../question-kinds';
import { noRecommendersNeeded } from './applicant-conditions';
import { RECOMMENDER_PREFIXES, recommenderQuestions } from './recommender';

/** Step 3 (SPEC section 3, Final Steps). */
export function finalStepsPage(programs: ProgramRules): FormPage {
  const NO_RECOMMENDERS_NEEDED = noRecommendersNeeded(programs);
  const [first, second] = RECOMMENDER_PREFIXES;
  return {
    ...pageMeta('final-steps'),
    sections: [
      {
        key: 'recommender',
        title: 'Recommender',
        description:
          'Your program asks for letters of recommendation. We will e-mail each recommender a link to send us a letter.',
        hideWhen: NO_RECOMMENDERS_NEEDED,
        questions: recommenderQuestions(first),
      },
      {
        key: 'recommender_2',
        title: 'Second Recommender',
        hideWhen: NO_RECOMMENDERS_NEEDED,
        questions: recommenderQuestions(second),
      },
      {
        key: 'conduct',
        title: 'Academic Standing',
        questions: [
          radio('suspended', 'Have you ever been dismissed from any college or graduate school?', YES_NO),
          textarea('suspended_comment', 'Please explain.', {
            hideWhen: { valueKey: 'suspended', operator: 'notEquals', target: YES },
          }),
        ],
      },
      {
        key: 'agreements',
        title: 'Agreements',
        questions: [
          radio(
            'counselor_waiver_request',
            'Do you waive your right to review your letters of recommendation?',
            YES_NO,
            {
              description:
                'Under the Family Educational Rights and Privacy Act you may see your letters of recommendation once you enroll. Recommenders often find a waived letter easier to write candidly.',
            },
          ),
          {
            kind: 'confirmation-gate',
            key: 'acknowledgement',
            label: 'I understand that I will not be able to change my application after I submit it.',
            control: 'checkbox',
            maxLength: QUESTION_KINDS['confirmation-gate'].defaultMaxLength,
            unconfirmed: [
              info(
                'review_reminder',
                'Before you submit, please review each step; you can still change any answer until then.',
                {
                  audience: 'applicant',
                },
              ),
            ],
            confirmed: [
              info('ready_to_submit', 'Thank you. Accept the terms below and press Submit when you are ready.', {
                audience: 'applicant',
              }),
            ],
          },
          checkbox(
            'legal_agree',
            'I certify that the information in this application is complete and correct, and I agree to the terms of the application.',
          ),
        ],
      },
    ],
  };
}
