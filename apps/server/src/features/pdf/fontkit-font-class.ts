import { openSync } from 'fontkit';
import { copyFontFile } from './copy-fonts';

/**
 * The prototype of fontkit's fonts, as the caller needs to know it: the class every font of the copy is
 * (they are all TrueType-flavoured OpenType files), found from one of them, since fontkit exports it under
 * no name. The drawing thread's caches (shaping-cache.ts, font-facts-cache.ts) wrap methods on it.
 */
export function fontkitFontClass<T>(): T {
  return Object.getPrototypeOf(openSync(copyFontFile('noto-sans', 'NotoSans', 400))) as T;
}
