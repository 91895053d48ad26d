import { formatDateInZone, formatLocalDate, type Answers } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { findApplication } from '../../core/application-repository';
import type { PdfRenderer } from '../pdf';
import { decisionLetterText, letterFactsOf } from './decision-letter';
import { codeOf } from './decision-rules';
import type { DecisionRow } from './decisions-repository';

/** The applicant's postal address as they gave it: the mailing one when it differs from the permanent one. */
export function postalAddress(answers: Answers): string[] {
  const prefix = answers.mailing_addr_same_as_perm_addr === 'N' ? 'mailing_' : '';
  const a = (key: string) => (answers[`${prefix}${key}`] ?? '').trim();
  const place = [a('city'), [a('state'), a('zip')].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const abroad = a('country') !== '' && a('country') !== 'USA';
  return [a('address_line_1'), a('address_line_2'), place, abroad ? a('country_desc') || a('country') : ''].filter(
    Boolean,
  );
}

/**
 * A released decision's letter as a PDF (issue 41), as the applicant downloads it and as "Download my data"
 * holds it: the college's letterhead, the day of the release, the applicant's full name and address, the
 * program, the term and its first day, the letter (with its reply-by), and the tenant file's signature.
 */
export async function drawDecisionLetter(
  deps: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  renderer: PdfRenderer,
  userId: string,
  row: DecisionRow,
): Promise<Buffer> {
  const tenant = deps.config.tenant;
  const [facts, application] = await Promise.all([
    letterFactsOf(deps.db, tenant, userId),
    findApplication(deps.db, userId),
  ]);
  const releasedAt = row.released_at ? new Date(row.released_at) : deps.clock.now();
  const fullName = [facts.first_name, facts.last_name].filter(Boolean).join(' ');
  const starts = facts.entry_term_starts ? ` (classes begin ${formatLocalDate(facts.entry_term_starts)})` : '';
  return renderer.renderDecisionLetter({
    title: `${tenant.partnerName}: ${codeOf(tenant.decisions, row.code)?.label ?? row.code}`,
    institution: tenant.partnerName,
    addressLines: [tenant.addressLine1, tenant.addressLine2],
    // Dates written one way, in the institution's zone (issue 49): 'Monday, 2 November 2026'.
    date: formatDateInZone(releasedAt, tenant.time_zone),
    recipient: [fullName, ...postalAddress(application?.answers ?? {})],
    subject: `Your application: ${facts.program_label}, ${facts.entry_term_label}${starts}`,
    text: decisionLetterText(tenant, row, facts, releasedAt),
    signature: tenant.decisions.signature ?? null,
  });
}
