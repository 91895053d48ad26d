/**
 * The answer-validation messages SPEC section 5 states in words. A required
 * field's message is its label, so those are not listed here: the rule set
 * reads them from the form definition (see answer-rules.ts).
 */
export const VALIDATION_MESSAGES = {
  birthDateInvalid: 'A valid date of birth is required.',
  birthDateTooOld: 'This date is not supported. Please contact help support for assistance.',
  birthDateTooYoung: 'You must be 13 years or older to apply.',

  phoneHomeInvalid: 'Please provide a valid US daytime telephone number.',
  phoneEveningInvalid: 'Please provide a valid US evening telephone number.',
  phoneMobileInvalid: 'Please enter a valid cell phone number.',
  phoneOneRequired: 'A valid home phone number, cell phone number, or international phone number is required.',
  phoneMobileForSms: 'A cell phone number is required to receive text message updates.',

  zipTooShort: 'ZIP/Postal Code must be at least 5 numbers.',
  zipInvalid: 'Please provide a valid US ZIP/Postal Code.',

  certificateRestricted:
    'Enrollment in certificate programs is restricted to US citizens and permanent residents only.',
  /** Not in SPEC (issue 29): a program configured for some terms only. */
  programNotInTerm: 'This program does not start in the term you chose. Please choose another term or program.',
  internationalFullTime: 'International students must enroll as full-time degree-seeking student.',

  researchUploadRequired:
    'Please upload a detailed description of the final project you plan to complete in the program.',

  recommenderFirstName: 'Recommender: First Name',
  recommenderLastName: 'Recommender: Last Name',
  recommenderEmail: 'Recommender: Email',
  recommenderPhoneInvalid:
    'Please provide a valid US telephone number, or an international number that starts with + and has 8 to 15 digits.',
  emailInvalid: 'Please provide a valid email address.',

  termsRequired: 'You must accept these terms to submit your application.',
  acknowledgementRequired:
    'You must acknowledge that you will not be able to change your application after you submit it.',
} as const;
