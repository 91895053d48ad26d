import type { Answers } from '../api/profile';

/**
 * Test data shared by every suite: a complete application a US applicant
 * could submit (no uploads required). Published as @admissions/domain/testing,
 * never from the package's main entry.
 */
export function completeAnswers(): Answers {
  return {
    first_name: 'Ada',
    last_name: 'Lovelace',
    birth_date: '1990-05-17',
    phone_home: '(212) 555-0123',
    country: 'USA',
    country_desc: 'United States of America',
    address_line_1: '1 Main St',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    mailing_addr_same_as_perm_addr: 'Y',
    citizenship: 'USA',
    entry_term: '2027FA',
    applied_major: 'MAE',
    entry_status: 'FT',
    college_name: 'State University',
    college_address_line_1: '100 College Ave',
    college_city: 'Urbana',
    college_country: 'USA',
    college_state: 'IL',
    college_zip: '61801',
    college_degree_type: 'BACH',
    college_degree: 'BS',
    college_degree_earned_date: '2012-05',
    essay: 'I want to study education because it changes lives.',
    recommender_first_name: 'Grace',
    recommender_last_name: 'Hopper',
    recommender_email: 'grace.hopper@example.edu',
    suspended: 'N',
    counselor_waiver_request: 'Y',
    acknowledgement: 'true',
    legal_agree: 'true',
  };
}
