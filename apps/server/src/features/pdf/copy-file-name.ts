import { contentDisposition, toLatin } from '../../http/content-disposition';

/**
 * The download's file name: 'application-<last name>.pdf', keeping the
 * name's own letters ('application-łukasiewicz-ñúñez.pdf',
 * 'application-李.pdf'). Browsers take that from the RFC 6266 `filename*`
 * parameter; `filename` carries an ASCII stand-in for old clients
 * ('application-lukasiewicz-nunez.pdf'), the user id when nothing Latin is left.
 */
export interface CopyFileName {
  /** The name as the applicant writes it, lower-cased, safe for any file system. */
  unicode: string;
  /** Only [a-z0-9-.]: safe in a quoted header parameter. */
  ascii: string;
}

const MAX_STEM = 40;

function stem(text: string, keep: RegExp): string {
  const parts = text.toLowerCase().split(keep);
  // split with a negated class: every run of kept characters is one part.
  return parts.filter(Boolean).join('-').slice(0, MAX_STEM).replace(/-+$/, '');
}

export function copyFileName(lastName: string, userId: string): CopyFileName {
  const name = lastName.normalize('NFC');
  // Letters, their marks and digits of any script; everything else (quotes, slashes, spaces) becomes '-'.
  const unicode = [...name.toLowerCase().matchAll(/[\p{L}\p{M}\p{N}]+/gu)].map((m) => m[0]).join('-');
  const unicodeStem = [...unicode].slice(0, MAX_STEM).join('').replace(/-+$/, '');
  const latin = toLatin(name.toLowerCase());
  const asciiStem = stem(latin, /[^a-z0-9]+/);
  return {
    unicode: `application-${unicodeStem || userId}.pdf`,
    ascii: `application-${asciiStem || userId}.pdf`,
  };
}

/** An attachment header naming the file both ways (RFC 6266, RFC 8187). */
export function attachmentHeader(name: CopyFileName): string {
  return contentDisposition('attachment', name.unicode, name.ascii);
}
