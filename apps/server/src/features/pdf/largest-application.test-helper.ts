import {
  allowedAnswerValues,
  formFields,
  MAX_REPEATS,
  SCHOOLS_BUTTON_ID,
  type Answers,
  type FormDefinition,
} from '@admissions/domain';

/** Names in the scripts applicants write them in; each is repeated to fill a text to its limit. */
export const SCRIPT_SAMPLES = {
  latin: 'Łukasiewicz-Ñúñez Dvořák Nguyễn',
  greek: 'Αλεξάνδρα Παπαδοπούλου',
  cyrillic: 'Анастасия Кузнецова',
  cjk: '李小龙王芳김민준さくら',
  arabic: 'محمد عبد الله',
  devanagari: 'राजेश कुमार',
} as const;

export type Script = keyof typeof SCRIPT_SAMPLES;

/** `sample` repeated (with spaces between) and cut to exactly `length` characters. */
export function fill(sample: string, length: number): string {
  let out = sample;
  while (out.length < length) out += ` ${sample}`;
  return [...out]
    .slice(0, length)
    .join('')
    .replace(/\s+$/, (s) => 'x'.repeat(s.length));
}

/**
 * The largest application the form accepts: every text question filled to
 * its limit in one script, every choice set to its longest option (with its
 * _desc label), every box ticked. The answers are what the server accepts
 * (checkAnswerPayload); which of them are shown is up to the form's conditions.
 */
export function largestAnswers(form: FormDefinition, script: Script): Answers {
  const allowed = allowedAnswerValues(form);
  const sample = SCRIPT_SAMPLES[script];
  const answers: Answers = {};
  for (const field of formFields(form)) {
    if (field.descOf) continue;
    const q = field.question;
    switch (q.kind) {
      case 'text':
      case 'textarea':
        // A school code is filled by the lookup: digits.
        answers[field.key] = field.key.endsWith('_ceeb') ? '3434' : fill(sample, field.maxLength);
        break;
      case 'email':
        answers[field.key] = `${'a'.repeat(Math.max(1, field.maxLength - 12))}@example.edu`.slice(-field.maxLength);
        break;
      case 'phone':
        answers[field.key] = '(212) 555-0123';
        break;
      case 'ssn':
        answers[field.key] = '123-45-6789';
        break;
      case 'date':
        answers[field.key] = '1990-05-17';
        break;
      case 'month-year':
        answers[field.key] = '2012-05';
        break;
      case 'checkbox':
      case 'confirmation-gate':
        answers[field.key] = 'true';
        break;
      case 'radio':
      case 'select':
      case 'conditional-select': {
        // A conditional select offers the options of its controlling answer (chosen earlier in page order).
        const options =
          q.kind !== 'conditional-select'
            ? q.options
            : q.options.category === 'display-only'
              ? q.options.options
              : (q.options.byControlValue[answers[q.controlKey] ?? ''] ?? []);
        const values = allowed.get(field.key);
        const longest = options
          .filter((o) => o.value !== '' && values?.has(o.value))
          .reduce((a, b) => (b.label.length > a.label.length ? b : a), { value: '', label: '' });
        answers[field.key] = longest.value;
        if ('descKey' in q) answers[q.descKey] = longest.label;
        break;
      }
      default:
        break;
    }
  }
  return answers;
}

/** Every school block shown. */
export const ALL_SCHOOLS = { button_id: SCHOOLS_BUTTON_ID, num_components: MAX_REPEATS };
