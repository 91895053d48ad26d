/**
 * The PDF's built-in Helvetica draws only the WinAnsi characters (ASCII,
 * Latin-1 and a few such as € – — “ ” Œ Š Ž). Anything else would come out
 * as a wrong letter (pdfkit maps it to an unrelated glyph), so a name like
 * 'Łukasz' would read 'Aukasz'. This keeps what Helvetica draws, turns other
 * letters into their base letter where there is one ('ő' to 'o', 'Ł' to 'L'),
 * and shows '?' for the rest (other scripts), so nothing is silently wrong.
 * Drawing other scripts needs a registered Unicode font.
 */

/** Code points above Latin-1 that WinAnsi has (pdfkit's WIN_ANSI_MAP). */
const WIN_ANSI_EXTRAS = new Set([
  0x152, 0x153, 0x160, 0x161, 0x178, 0x17d, 0x17e, 0x192, 0x2c6, 0x2dc, 0x2013, 0x2014, 0x2018, 0x2019, 0x201a, 0x201c,
  0x201d, 0x201e, 0x2020, 0x2021, 0x2022, 0x2026, 0x2030, 0x2039, 0x203a, 0x20ac, 0x2122,
]);

/** Letters and marks with no decomposition to a base letter, and common look-alikes. */
const LOOKALIKES: Readonly<Record<string, string>> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't', Ŋ: 'N', ŋ: 'n',
  ĸ: 'k', ſ: 's', Ɖ: 'D', ɖ: 'd', ʼ: "'", ʻ: "'", '‐': '-', '‑': '-', '‒': '-', '−': '-', '′': "'", '″': '"', '\u202f': ' ',
};

function drawable(codePoint: number): boolean {
  return (codePoint >= 0x20 && codePoint <= 0x7e) || (codePoint >= 0xa0 && codePoint <= 0xff) || WIN_ANSI_EXTRAS.has(codePoint);
}

const drawableText = (text: string) => [...text].every((c) => drawable(c.codePointAt(0)!));

/** Characters that draw nothing: controls, joiners, combining marks left on their own. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{M}]/u;

export function helveticaText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').normalize('NFC')) {
    const codePoint = ch.codePointAt(0)!;
    if (ch === '\n' || drawable(codePoint)) out += ch;
    else if (ch === '\t') out += ' ';
    else if (LOOKALIKES[ch] !== undefined) out += LOOKALIKES[ch];
    else if (INVISIBLE.test(ch)) continue;
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && drawableText(base) ? base : '?';
    }
  }
  return out;
}
