import type { Answers, TenantConfig } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { findApplication } from '../../core/application-repository';
import { loadDocumentAnswers } from '../documents';
import type { FormContext } from '../../core/form-context';
import { copyFileName, type CopyFileName } from './copy-file-name';
import { copyOutline, type CopyHeader, type CopyPage } from './copy-outline';

/** Everything the PDF copy shows, read from the stored application as it is now. */
export interface CopySource {
  header: CopyHeader;
  pages: CopyPage[];
  fileName: CopyFileName;
}

export interface CopyOwner {
  userId: string;
  /** The e-mail address the applicant signed up with. */
  username: string;
}

export async function loadCopySource(
  deps: Pick<AppDeps, 'db'>,
  ctx: FormContext,
  tenant: TenantConfig,
  owner: CopyOwner,
  /** The office's copy, without the equality questions (CopyInput.withoutEquality); the applicant's has them. */
  { withoutEquality = false } = {},
): Promise<CopySource> {
  const row = await findApplication(deps.db, owner.userId);
  const documentAnswer = await loadDocumentAnswers(deps.db, owner.userId);
  const answers: Answers = row?.answers ?? {};
  return {
    header: {
      partnerName: tenant.partnerName,
      applicationTitle: tenant.applicationTitle,
      applicantName: applicantName(answers),
      email: owner.username,
      submittedAt: row?.submitted_at ?? null,
      timeZone: tenant.time_zone,
    },
    pages: copyOutline(ctx.formAsKept(row?.kept_basis), {
      answers,
      view: { addAnother: row?.add_another ?? {}, tabs: row?.tabs ?? {} },
      documentAnswer,
      withoutEquality,
    }),
    fileName: copyFileName(answers.last_name ?? '', owner.userId),
  };
}

function applicantName(answers: Answers): string {
  return [answers.first_name, answers.last_name]
    .map((s) => s?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}
