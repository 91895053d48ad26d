import { createRequire } from 'node:module';
import { Font } from '@react-pdf/renderer';

/**
 * The fonts of the PDF copy: Noto, from the @expo-google-fonts packages
 * (Google Fonts' static TTFs, OFL-1.1), which fontkit reads as they are.
 * Applicants write their names in every script, so the copy draws them:
 * - Noto Sans: Latin (with Vietnamese), Greek, Cyrillic and Devanagari;
 * - Noto Sans Arabic: Arabic script, right to left, with its joined forms;
 * - Noto Sans SC: Chinese characters and Japanese kana;
 * - Noto Sans KR: Hangul (and the Han characters Korean names use).
 * react-pdf takes each character from the first family in COPY_FONT_FAMILIES
 * that has it, and embeds only the glyphs used (subsetting), so a copy with
 * a Chinese name carries a few kilobytes of Noto Sans SC, not its 10 MB.
 * The CJK families are registered in one weight only: a bold label never
 * needs them, and a bold name in Chinese draws in the regular weight.
 */
const require = createRequire(import.meta.url);

interface FamilyFiles {
  family: string;
  /** npm package folder and file stem: @expo-google-fonts/<pkg>/<weight>/<stem>_<weight>.ttf */
  pkg: string;
  stem: string;
  weights: readonly (400 | 700)[];
}

const FAMILIES: readonly FamilyFiles[] = [
  { family: 'Noto Sans', pkg: 'noto-sans', stem: 'NotoSans', weights: [400, 700] },
  { family: 'Noto Sans Arabic', pkg: 'noto-sans-arabic', stem: 'NotoSansArabic', weights: [400, 700] },
  { family: 'Noto Sans SC', pkg: 'noto-sans-sc', stem: 'NotoSansSC', weights: [400] },
  { family: 'Noto Sans KR', pkg: 'noto-sans-kr', stem: 'NotoSansKR', weights: [400] },
];

const WEIGHT_FOLDER = { 400: '400Regular', 700: '700Bold' } as const;

/** The copy's font-family list, first choice first. */
export const COPY_FONT_FAMILIES: string[] = FAMILIES.map((f) => f.family);

/** Where a family's TTF file for one weight is installed. */
export function copyFontFile(pkg: string, stem: string, weight: 400 | 700): string {
  const folder = WEIGHT_FOLDER[weight];
  return require.resolve(`@expo-google-fonts/${pkg}/${folder}/${stem}_${folder}.ttf`);
}

/** Han, kana and Hangul: scripts written without spaces, where a line may break between any two characters. */
const UNSPACED_SCRIPT = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

let registered = false;

/**
 * Registers every family with react-pdf once per thread; files are read at
 * the first copy that needs them. Also sets how lines break, with no
 * hyphenation: a copy shows names and codes exactly as given. react-pdf
 * breaks lines only at spaces and at the points the callback returns (where
 * it draws a '-'): text in scripts written without spaces may break at any
 * character, and a word too long for a line (an e-mail address, a link)
 * every 30 characters.
 */
export function registerCopyFonts(): void {
  if (registered) return;
  Font.registerHyphenationCallback((word) => {
    if (UNSPACED_SCRIPT.test(word) && word.length > 1) return [...word];
    return word.length <= 40 ? [word] : (word.match(/.{1,30}/gu) ?? [word]);
  });
  for (const { family, pkg, stem, weights } of FAMILIES) {
    Font.register({
      family,
      fonts: weights.map((fontWeight) => ({ src: copyFontFile(pkg, stem, fontWeight), fontWeight })),
    });
  }
  registered = true;
}
