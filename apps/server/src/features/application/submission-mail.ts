import { answeredItems, type Answers, type FormDefinition } from '@admissions/domain';
import type { Config } from '../../config';
import type { MailMessage } from '../../infra/mail/mailer';

/** The confirmation an applicant keeps: what they submitted, when, and where to find their copy. */
export function submissionMail(config: Config, form: FormDefinition, to: string, answers: Answers, submittedAt: Date): MailMessage {
  const t = config.tenant;
  const when = submittedAt.toLocaleString('en-US', { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }) + ' (UTC)';
  const summary = answeredItems(form, answers)
    .map(({ page, items }) => [`== ${page.title} ==`, ...items.map((i) => `${i.label}: ${i.value}`)].join('\n'))
    .join('\n\n');
  const completion = new URL('/completion', config.publicUrl).toString();
  return {
    to,
    subject: `We received your ${t.applicationTitle}`,
    text:
      `Thank you${answers.first_name ? `, ${answers.first_name}` : ''}! ${t.partnerName} received your application on ${when}.\n\n` +
      `You can no longer change it. To download a PDF copy of your application, log in at ${completion} ` +
      `and choose 'Download a PDF copy of your application'.\n\n` +
      `What you submitted:\n\n${summary}\n\n` +
      `${t.partnerName} Graduate Admissions\n${t.addressLine1}\n${t.addressLine2}\nQuestions? Write to ${t.helpEmail}.`,
  };
}
