import { openSync } from 'fontkit';
import { copyFontFile } from '../../apps/server/src/features/pdf/copy-fonts';
const proto = Object.getPrototypeOf(openSync(copyFontFile('noto-sans', 'NotoSans', 400))) as any;
const has = proto.hasGlyphForCodePoint;
const covers = new WeakMap<object, Map<number, boolean>>();
proto.hasGlyphForCodePoint = function (cp: number) {
  let m = covers.get(this);
  if (!m) covers.set(this, (m = new Map()));
  let v = m.get(cp);
  if (v === undefined) m.set(cp, (v = has.call(this, cp)));
  return v;
};
const upm = Object.getOwnPropertyDescriptor(proto, 'unitsPerEm')!;
Object.defineProperty(proto, 'unitsPerEm', { configurable: true, get() { const v = upm.get!.call(this); Object.defineProperty(this, 'unitsPerEm', { value: v }); return v; } });
