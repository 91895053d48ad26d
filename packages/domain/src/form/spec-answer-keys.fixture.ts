/**
 * The answer keys of SPEC section 3, written out by hand so tests compare the
 * form with the specification rather than with itself.
 */
const SCHOOL_PREFIXES = [
  'college_', 'college_2_', 'college_3_', 'college_4_', 'college_5_',
  'college_6_', 'college_7_', 'college_8_', 'college_9_', 'college_10_',
];
const SCHOOL_PARTS = [
  'ceeb', 'address_line_1', 'name', 'city', 'state', 'zip', 'country',
  'degree_type', 'degree', 'degree_earned_date', 'degree_major', 'gpa', 'transcript_upload',
];
const RECOMMENDER_PARTS = ['prefix', 'first_name', 'last_name', 'organisation', 'position', 'relation', 'phone', 'email'];

export function specAnswerKeys(shortName: string): Record<'/about' | '/education-alr' | '/final-steps', string[]> {
  return {
    '/about': [
      'first_name', 'middle_name', 'last_name', 'preferred_name', 'prev_lname', 'gender', 'birth_date',
      'phone_home', 'phone_mobile', 'phone_home_evening', 'phone_international', 'optin_sms_ind',
      'address_line_1', 'address_line_2', 'city', 'state', 'zip', 'country',
      'mailing_addr_same_as_perm_addr',
      'mailing_address_line_1', 'mailing_address_line_2', 'mailing_city', 'mailing_state', 'mailing_zip', 'mailing_country',
      'ethnicity', 'race_american_indian', 'race_asian', 'race_black', 'race_native_hawaiian', 'race_white',
      'citizenship', 'citizenship_dual', 'residency_status',
    ],
    '/education-alr': [
      'applied_major', 'student_grad_type', 'entry_term', 'entry_status', `${shortName.toLowerCase()}_degree`,
      ...SCHOOL_PREFIXES.flatMap((p) => SCHOOL_PARTS.map((part) => p + part)),
      'honor', 'employer_current', 'affiliated_employer', 'essay', 'research_upload',
    ],
    '/final-steps': [
      ...['recommender_', 'recommender_2_'].flatMap((p) => RECOMMENDER_PARTS.map((part) => p + part)),
      'suspended', 'suspended_comment', 'counselor_waiver_request', 'acknowledgement', 'legal_agree',
    ],
  };
}
