/**
 * A Content-Disposition header naming a file both ways (RFC 6266, RFC 8187):
 * `filename*` carries the name in UTF-8, which every current browser saves
 * under, and `filename` an ASCII stand-in for clients that read only that.
 * The name comes from a user, so anything a header or a file system could
 * trip on (quotes, slashes, control characters, a lone surrogate) is replaced.
 */
export function contentDisposition(
  type: 'attachment' | 'inline',
  fileName: string,
  ascii: string = asciiStandIn(fileName),
): string {
  const unicode = safeFileName(fileName);
  const plain = `${type}; filename="${ascii}"`;
  if (unicode === ascii) return plain;
  // encodeURIComponent leaves ' ( ) * unescaped, which RFC 8187's attr-char does not allow.
  const encoded = encodeURIComponent(unicode).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${plain}; filename*=UTF-8''${encoded}`;
}

/** Half of a UTF-16 pair without its other half: encodeURIComponent throws on it. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The name as the user gave it, well-formed, with no character a file system or a header refuses. */
export function safeFileName(name: string): string {
  return name
    .replace(LONE_SURROGATE, '\uFFFD')
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}"\\/:*?<>|]/gu, '_')
    .trim();
}

/** Latin letters with no decomposition to a base letter. */
const BASE_LETTERS: Readonly<Record<string, string>> = {
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ħ: 'h',
  Ħ: 'H',
  ı: 'i',
  ŀ: 'l',
  ŧ: 't',
  ŋ: 'n',
  ĸ: 'k',
  ſ: 's',
  ɖ: 'd',
  ø: 'o',
  Ø: 'O',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ß: 'ss',
  þ: 'th',
  Þ: 'TH',
  ð: 'd',
  Ð: 'D',
};

/** Latin letters without their accents ('Łukasiewicz-Ñúñez' to 'Lukasiewicz-Nunez'); other scripts stay. */
export function toLatin(text: string): string {
  return [...text].map((c) => BASE_LETTERS[c] ?? c.normalize('NFKD').replace(/\p{M}/gu, '')).join('');
}

/** Accents dropped from Latin letters; anything else outside [A-Za-z0-9 ._-] becomes '_'. */
export function asciiStandIn(name: string): string {
  return toLatin(safeFileName(name)).replace(/[^A-Za-z0-9 ._-]/g, '_');
}
