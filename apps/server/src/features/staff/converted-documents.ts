import { buildForm, formFields, type TenantConfig } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { listConvertedDocuments as listApplicantDocuments } from '../documents/converted-documents';

/** One uploaded document of an application, as its converted PDF. */
export interface ConvertedDocument {
  /** The file question's answer key, e.g. 'college_transcript_upload'. */
  answerKey: string;
  /** The question's label, as the form shows it. */
  label: string;
  fileName: string;
  fileSize: number;
  readPdf(): Promise<Uint8Array>;
}

/**
 * The staff console's one way to an application's documents: its document list,
 * the print data's document_answer (GET /service/tmp-pdf) and the packet all read
 * the applicant's COMPLETED conversions through here, labelled and in form order.
 */
export async function listConvertedDocuments(deps: AppDeps, userId: string): Promise<ConvertedDocument[]> {
  const order = questionOrder(deps.config.tenant);
  const documents = await listApplicantDocuments(deps, userId);
  return documents
    .map((d) => ({ ...d, label: order.get(d.answerKey)?.label ?? d.answerKey }))
    .sort((a, b) => (order.get(a.answerKey)?.index ?? 0) - (order.get(b.answerKey)?.index ?? 0));
}

export type StaffDocumentSource = (deps: AppDeps, userId: string) => Promise<ConvertedDocument[]>;

const orders = new WeakMap<TenantConfig, ReadonlyMap<string, { index: number; label: string }>>();

/** Each answer key's place in the form and its question's label, worked out once per tenant. */
function questionOrder(tenant: TenantConfig) {
  let order = orders.get(tenant);
  if (!order) {
    order = new Map(
      formFields(buildForm(tenant)).map((f, index) => [
        f.key,
        { index, label: 'label' in f.question && typeof f.question.label === 'string' ? f.question.label : f.key },
      ]),
    );
    orders.set(tenant, order);
  }
  return order;
}
