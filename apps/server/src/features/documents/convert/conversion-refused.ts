/**
 * A file we will not convert, for a reason the applicant can act on. Unlike
 * other errors it is never retried: the same file fails the same way.
 */
export class ConversionRefused extends Error {
  override name = 'ConversionRefused';
  constructor(
    readonly applicantMessage: string,
    detail?: string,
  ) {
    super(detail ?? applicantMessage);
  }
}
