import {
  answerText,
  fieldDisplayName,
  formatInZone,
  storesAnswer,
  visibleQuestions,
  type Answers,
  type DocumentAnswer,
  type FormDefinition,
  type ViewState,
} from '@admissions/domain';
import type { Config } from '../../../config';
import type { MailMessage } from '../../../infra/mail/mailer';
import { signature } from './signature';

export interface SubmittedApplication {
  answers: Answers;
  view: ViewState;
  /** Converted documents by file question key (document_answer). */
  documents: Readonly<Record<string, DocumentAnswer>>;
  submittedAt: Date;
}

/** The titles of the sections, step by step, in which the applicant answered something. */
export function answeredSections(
  form: FormDefinition,
  answers: Answers,
  view: ViewState,
): { step: string; sections: string[] }[] {
  return form.pages
    .map((page) => ({
      step: `Step ${page.step}: ${page.title}`,
      sections: page.sections
        .filter((section) =>
          visibleQuestions({ ...page, sections: [section] }, answers, view).some(
            (q) => storesAnswer(q) && answerText(q, answers) !== '',
          ),
        )
        .map((section) => section.title ?? page.title),
    }))
    .filter((p) => p.sections.length > 0);
}

/**
 * The confirmation an applicant keeps: that the application arrived, when,
 * which sections and documents it holds, and where to get the full copy.
 * An e-mail is read on shared screens and kept in mailboxes for years, so it
 * repeats no answer: no date of birth, address, ethnicity or race. The full
 * copy stays behind the login.
 */
export function submissionMail(
  config: Config,
  form: FormDefinition,
  to: string,
  submitted: SubmittedApplication,
): MailMessage {
  const t = config.tenant;
  // In the institution's zone, named: the time its deadlines are set in (issue 29).
  const when = formatInZone(submitted.submittedAt, t.time_zone);
  const sections = answeredSections(form, submitted.answers, submitted.view)
    .map((p) => `${p.step}\n${p.sections.map((s) => `  - ${s}`).join('\n')}`)
    .join('\n');
  const documentNames = Object.keys(submitted.documents).map((key) => fieldDisplayName(form, key));
  const documents = documentNames.length > 0 ? documentNames.map((d) => `  - ${d}`).join('\n') : '  (none)';
  const completion = new URL('/completion', config.publicUrl).toString();
  return {
    kind: 'submission',
    to,
    subject: `We received your ${t.applicationTitle}`,
    text:
      `Thank you! ${t.partnerName} received your application at ${when}.\n\n` +
      `You can no longer change it. To read your answers or download a PDF copy of your application, log in at ${completion} ` +
      `and choose 'Download a PDF copy of your application'.\n\n` +
      `Your application holds these sections:\n${sections}\n\n` +
      `Documents:\n${documents}\n\n` +
      `For your privacy, this e-mail does not repeat your answers.\n\n` +
      signature(t),
  };
}
