/**
 * The About step's equality questions answered; each monitoring answer's words appear nowhere else in the copy.
 * Citizenship is answered too, as an applicant would: the office reads it (admission rules use it).
 */
export const EQUALITY_ANSWERS = {
  gender: 'X',
  gender_desc: 'Non-binary or another gender identity',
  ethnicity: 'HL',
  ethnicity_desc: 'Hispanic or Latino',
  race_native_hawaiian: 'true',
  race_asian: 'true',
  // A Canadian with a green card: domestic, so the application asks nothing more of the citizenship.
  citizenship: 'CAN',
  citizenship_desc: 'Canada',
  residency_status: 'true',
};

/** The questions' and answers' words as the PDF copy prints them. */
export const EQUALITY_WORDS = [
  'Non-binary or another gender identity',
  'Are you Hispanic or Latino?',
  'Hispanic or Latino',
  'Race (check all that apply)',
  'Native Hawaiian or Other Pacific Islander',
  'Asian',
];

/** Citizenship's question and answer as the PDF copy prints them: in the office's reads too. */
export const CITIZENSHIP_WORDS = ['Primary Citizenship', 'Canada'];
