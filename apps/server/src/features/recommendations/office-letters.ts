import { formatDateInZone, NAME_PREFIXES, optionLabel, type StaffRecommendation } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../http/app-error';
import type { PdfRenderer } from '../pdf';
import { requestsForOffice, type OfficeRequestRow } from './recommendation-repository';
import { recommenderName } from './recommender-answers';

export const letterFileUrl = (userId: string, requestId: string) =>
  `/api/staff/applications/${userId}/letters/${requestId}`;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function officeView(r: OfficeRequestRow): StaffRecommendation {
  const received = r.status === 'RECEIVED';
  return {
    id: r.id,
    prefix: r.prefix,
    // The request keeps the prefix's code ('DR'); the office reads its words ('Dr.').
    name: [optionLabel(NAME_PREFIXES, r.recommender.prefix) || r.recommender.prefix, recommenderName(r.recommender)]
      .filter(Boolean)
      .join(' '),
    email: r.email,
    organisation: r.recommender.organisation,
    position: r.recommender.position,
    relation: r.recommender.relation_desc || r.recommender.relation,
    status: r.status,
    current: r.current,
    requested_at: r.requested_at.toISOString(),
    received_at: received ? iso(r.responded_at) : null,
    declined_at: r.status === 'DECLINED' ? iso(r.responded_at) : null,
    decline_reason: r.status === 'DECLINED' ? r.decline_reason : '',
    reminders_sent: r.reminders_sent,
    waived_at_receipt: received ? r.waived_at_receipt : null,
    letter_text: received ? r.letter_text : '',
    letter_file_name: received && r.pdf_key ? r.file_name : '',
    letter_file_url: received && r.pdf_key ? letterFileUrl(r.user_id, r.id) : '',
  };
}

/** What the office's application page lists: every request but the cancelled ones, each letter with it. */
export async function officeRecommendations(deps: AppDeps, userId: string): Promise<StaffRecommendation[]> {
  return (await requestsForOffice(deps.db, userId)).map(officeView);
}

/** A received letter as a PDF: the converted upload, or the written letter drawn on pages. */
export interface LetterPdf {
  requestId: string;
  title: string;
  fileName: string;
  readPdf(): Promise<Uint8Array>;
}

export async function receivedLetters(
  deps: AppDeps,
  userId: string,
  renderer: Pick<PdfRenderer, 'renderLetter'>,
): Promise<LetterPdf[]> {
  const requests = (await requestsForOffice(deps.db, userId)).filter((r) => r.status === 'RECEIVED');
  return lettersOf(deps, requests, renderer);
}

/**
 * The received letters the applicant may read: those whose applicant had not waived the right to see them when
 * the letter arrived (waived_at_receipt, what the recommender wrote under). A waived letter never reaches them.
 */
export async function lettersOpenToApplicant(
  deps: AppDeps,
  userId: string,
  renderer: Pick<PdfRenderer, 'renderLetter'>,
): Promise<LetterPdf[]> {
  const requests = (await requestsForOffice(deps.db, userId)).filter(
    (r) => r.status === 'RECEIVED' && r.waived_at_receipt !== true,
  );
  return lettersOf(deps, requests, renderer);
}

function lettersOf(deps: AppDeps, requests: OfficeRequestRow[], renderer: Pick<PdfRenderer, 'renderLetter'>) {
  return requests.map((r): LetterPdf => {
    const name = recommenderName(r.recommender);
    const title = `Letter of recommendation from ${name}${r.current ? '' : ' (recommender since replaced)'}`;
    if (r.pdf_key) {
      const key = r.pdf_key;
      return {
        requestId: r.id,
        title,
        fileName: r.file_name,
        async readPdf() {
          const pdf = await deps.storage.read(key, 256 * 1_048_576);
          if (!pdf) throw new AppError('NOT_FOUND');
          return pdf;
        },
      };
    }
    return {
      requestId: r.id,
      title,
      fileName: 'Written on the recommendation page',
      readPdf: () =>
        renderer.renderLetter({
          title,
          receivedOn: r.responded_at ? formatDateInZone(r.responded_at, deps.config.tenant.time_zone) : '',
          text: r.letter_text,
        }),
    };
  });
}
