import type { Queryable } from '../../infra/db/db';
import type { Log } from './remove-files';
import type { StoredStatus } from './documents-repository';

/** What a conversion reads of the thing it converts: an applicant's document, or a recommender's letter. */
export interface ConversionSubject {
  id: string;
  upload_key: string;
  file_name: string;
  status: StoredStatus;
  pdf_key: string | null;
}

/**
 * One kind of file the conversion queue converts. The worker is the same for
 * every kind (the same checks, the same sandboxed LibreOffice); each kind
 * says where its rows live, where its PDF goes, and what follows a success.
 */
export interface ConversionTarget<S extends ConversionSubject = ConversionSubject> {
  find(db: Queryable, id: string): Promise<S | undefined>;
  /** A PDF key fixed by the subject's id, so a retried conversion rewrites the same object. */
  pdfKey(subject: S): string;
  markInProgress(db: Queryable, id: string, now: Date): Promise<boolean>;
  /** Settles once: false when the subject was deleted, replaced or already settled. */
  markCompleted(db: Queryable, id: string, pdfKey: string, pdfSize: number, now: Date): Promise<boolean>;
  markFailed(db: Queryable, id: string, message: string, now: Date): Promise<boolean>;
  /** After a successful conversion has been recorded (e.g. a receipt e-mail). */
  afterCompleted?(subject: S, log: Log): Promise<void>;
  /**
   * The storage folder of the subject's owner when that owner is gone (an account deleted while its document
   * converted): what the conversion wrote there is removed with the folder. Null while the owner exists.
   */
  folderOfGoneOwner?(db: Queryable, subject: S): Promise<string | null>;
}
