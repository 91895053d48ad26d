import { openSync } from 'fontkit';
import { describe, expect, it } from 'vitest';
import { copyFontFile } from './copy-fonts';
import { installShapingCache } from './shaping-cache';

interface Shaped {
  glyphs: { id: number }[];
  positions: { xAdvance: number }[];
}
type Font = { layout(text: string): Shaped };

const font = () => openSync(copyFontFile('noto-sans', 'NotoSans', 400)) as Font;
const bold = () => openSync(copyFontFile('noto-sans', 'NotoSans', 700)) as Font;
const ids = (run: Shaped) => run.glyphs.map((g) => g.id);

describe('the shaping cache', () => {
  it('shapes a run once per font: the same text again is the same glyphs, frozen; another font or text is shaped anew', () => {
    const regular = font();
    const uncached = regular.layout('Statement of Purpose');
    installShapingCache(100);
    const first = regular.layout('Statement of Purpose');
    expect(ids(first)).toEqual(ids(uncached));
    expect(first.positions.map((p) => p.xAdvance)).toEqual(uncached.positions.map((p) => p.xAdvance));
    expect(regular.layout('Statement of Purpose')).toBe(first);
    expect(Object.isFrozen(first.glyphs) && Object.isFrozen(first.positions)).toBe(true);
    expect(() => (first.glyphs as unknown[]).push(0)).toThrow(TypeError);

    const inBold = bold().layout('Statement of Purpose');
    expect(inBold).not.toBe(first);
    // The same glyph ids in both files, but bold letters are wider.
    expect(inBold.positions.map((p) => p.xAdvance)).not.toEqual(first.positions.map((p) => p.xAdvance));
    expect(regular.layout('Statement of purpose')).not.toBe(first);
  });

  it('forgets the least recently used runs beyond its glyphs', () => {
    installShapingCache(100); // already installed by the test above: the limit of that install holds
    const regular = font();
    const kept = regular.layout('kept');
    const dropped = regular.layout('dropped');
    regular.layout('kept');
    for (let i = 0; i < 20; i++) regular.layout(`filler ${i} ${'x'.repeat(10)}`);
    expect(regular.layout('dropped')).not.toBe(dropped);
    expect(ids(regular.layout('kept'))).toEqual(ids(kept));
  });
});
