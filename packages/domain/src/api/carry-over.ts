/**
 * POST /api/carry-over: the answers a visitor typed before logging in,
 * offered to the account (SPEC section 2, navigation after login). The
 * server fills only unanswered questions; where the account already has a
 * different answer it changes nothing and reports both, for the applicant
 * to choose (the choice is then an ordinary PUT /api/answer).
 */
export interface CarryOverConflict {
  key: string;
  saved: string;
  carried: string;
  /** The answers as the applicant saw them (a choice's label, not its code). */
  saved_text: string;
  carried_text: string;
  /** The `_desc` companion to save with `carried` when the applicant picks it; absent for free text. */
  carried_desc?: { key: string; value: string };
}

export type CarryOverResponse =
  /** The application is submitted: nothing was added. */
  | { status: 'submitted' }
  | {
      status: 'merged';
      /** Every key the server wrote (filled, and any answer that filling hid), with its new value. */
      filled: Record<string, string>;
      /** Questions answered differently before and after logging in, in page order. */
      conflicts: CarryOverConflict[];
    };
