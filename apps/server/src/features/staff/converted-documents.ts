import { formFields, hiddenAnswerKeys, type FormDefinition } from '@admissions/domain';
import type { AppDeps } from '../../app-deps';
import { findApplication } from '../../core/application-repository';
import { listConvertedDocuments as listApplicantDocuments } from '../documents';

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
 *
 * A document whose question the stored answers hide is left out: the applicant
 * took that answer back (a BMN applicant's final project, after a change of
 * program), as the cleared answer says. Its file is kept, so the question shows
 * it again if the applicant changes back.
 */
export async function listConvertedDocuments(
  deps: AppDeps,
  form: FormDefinition,
  userId: string,
): Promise<ConvertedDocument[]> {
  const order = questionOrder(form);
  const [documents, application] = await Promise.all([
    listApplicantDocuments(deps, userId),
    findApplication(deps.db, userId),
  ]);
  const hidden = hiddenAnswerKeys(form, application?.answers ?? {});
  return documents
    .filter((d) => !hidden.has(d.answerKey))
    .map((d) => ({ ...d, label: order.get(d.answerKey)?.label ?? d.answerKey }))
    .sort((a, b) => (order.get(a.answerKey)?.index ?? 0) - (order.get(b.answerKey)?.index ?? 0));
}

const orders = new WeakMap<FormDefinition, ReadonlyMap<string, { index: number; label: string }>>();

/** Each answer key's place in the form and its question's label, worked out once per form. */
function questionOrder(form: FormDefinition) {
  let order = orders.get(form);
  if (!order) {
    order = new Map(
      formFields(form).map((f, index) => [
        f.key,
        { index, label: 'label' in f.question && typeof f.question.label === 'string' ? f.question.label : f.key },
      ]),
    );
    orders.set(form, order);
  }
  return order;
}
