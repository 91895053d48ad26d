import type { Answers, TenantConfig } from '@admissions/domain';
import type { Queryable } from '../../infra/db/db';
import { findApplication } from '../application/application-repository';
import type { FormContext } from '../application/form-context';
import { copyOutline, type CopyHeader, type CopyPage } from './copy-outline';

/** Everything the PDF copy shows, read from the stored application as it is now. */
export interface CopySource {
  header: CopyHeader;
  pages: CopyPage[];
  fileName: string;
}

export interface CopyOwner {
  userId: string;
  /** The e-mail address the applicant signed up with. */
  username: string;
}

export async function loadCopySource(db: Queryable, ctx: FormContext, tenant: TenantConfig, owner: CopyOwner): Promise<CopySource> {
  const row = await findApplication(db, owner.userId);
  const answers: Answers = row?.answers ?? {};
  return {
    header: {
      partnerName: tenant.partnerName,
      applicationTitle: tenant.applicationTitle,
      applicantName: applicantName(answers),
      email: owner.username,
      submittedAt: row?.submitted_at ?? null,
    },
    pages: copyOutline(ctx.form, {
      answers,
      view: { addAnother: row?.add_another ?? {}, tabs: row?.tabs ?? {} },
      // Uploaded documents are not stored yet (the profile answers document_answer: {} too).
      documents: {},
    }),
    fileName: copyFileName(answers.last_name ?? '', owner.userId),
  };
}

function applicantName(answers: Answers): string {
  return [answers.first_name, answers.last_name].map((s) => s?.trim() ?? '').filter(Boolean).join(' ');
}

/**
 * 'application-<last name>.pdf', or the user id when the last name has no
 * letters or digits left once made safe for a header and a file system.
 */
export function copyFileName(lastName: string, userId: string): string {
  const safe = lastName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40)
    .replace(/-+$/, '');
  return `application-${safe || userId}.pdf`;
}
