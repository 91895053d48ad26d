import { describe, expect, it, vi } from 'vitest';
import { readPdfText } from '../../../../../test/pdf-text';
import { renderApplicationPdf } from './application-pdf';
import { TYPICAL_HEADER, typicalPages } from './typical-copy.test-helper';
import { createTextLayoutCache, installTextLayoutCache, type TextEngine } from './text-layout-cache';

const header = TYPICAL_HEADER;
const pages = typicalPages();

const text = (string: string, attributes: Record<string, unknown> = { fontSize: 10 }) => ({
  string,
  runs: [{ start: 0, end: string.length, attributes }],
});
const box = { width: 500, height: Infinity };
/** A stand-in for textkit's engine: one line per text, counted. */
const countingEngine = () => {
  const engine = vi.fn<TextEngine>((t) => [[{ string: t.string, runs: [{ positions: [{ xAdvance: 1 }] }], box: {} }]]);
  return engine;
};

describe('the text layout cache', () => {
  it('lays out a text once per font, size and width; another text, size, width or font is laid out anew', () => {
    const cache = createTextLayoutCache();
    const engine = countingEngine();
    const regular = { name: 'regular' };
    const bold = { name: 'bold' };
    const first = cache.layOut(engine, text('Statement of Purpose', { fontSize: 10, font: [regular] }), box, {});
    expect(cache.layOut(engine, text('Statement of Purpose', { fontSize: 10, font: [regular] }), box, {})).toBe(first);
    expect(engine).toHaveBeenCalledTimes(1);

    cache.layOut(engine, text('Statement of Purpose', { fontSize: 10, font: [bold] }), box, {});
    cache.layOut(engine, text('Statement of Purpose', { fontSize: 12, font: [regular] }), box, {});
    cache.layOut(engine, text('Statement of Purpose', { fontSize: 10, font: [regular] }), { ...box, width: 300 }, {});
    cache.layOut(engine, text('Statement of purpose', { fontSize: 10, font: [regular] }), box, {});
    cache.layOut(engine, text('Statement of Purpose', { fontSize: 10, font: [regular] }), box, {
      hyphenationPenalty: 5,
    });
    expect(engine).toHaveBeenCalledTimes(6);
    expect(cache.counts).toEqual({ kept: 1, laidOut: 6, passedBy: 0, characters: 6 * 20 });
  });

  it('hands out lines that cannot be changed, and lays out each time a text that holds an image or flows around a shape', () => {
    const cache = createTextLayoutCache();
    const engine = countingEngine();
    const [[line]] = cache.layOut(engine, text('Kept'), box, {}) as [
      [{ runs: { positions: { xAdvance: number }[] }[] }],
    ];
    expect(() => {
      line!.runs[0]!.positions[0]!.xAdvance = 2;
    }).toThrow(TypeError);
    expect(() => (line!.runs as unknown[]).push({})).toThrow(TypeError);

    cache.layOut(engine, text('\ufffc', { attachment: { width: 1, height: 1, image: new Uint8Array(8) } }), box, {});
    cache.layOut(engine, text('\ufffc', { attachment: { width: 1, height: 1, image: new Uint8Array(8) } }), box, {});
    cache.layOut(engine, text('Around'), { ...box, exclusions: [{ type: 'rect' }] }, {});
    cache.layOut(engine, text('Around'), { ...box, exclusions: [{ type: 'rect' }] }, {});
    expect(engine).toHaveBeenCalledTimes(5);
    expect(cache.counts.passedBy).toBe(4);
  });

  it('forgets the least recently used texts beyond its characters', () => {
    const cache = createTextLayoutCache(10);
    const engine = countingEngine();
    const kept = cache.layOut(engine, text('kept'), box, {});
    cache.layOut(engine, text('drop'), box, {});
    expect(cache.layOut(engine, text('kept'), box, {})).toBe(kept);
    cache.layOut(engine, text('more'), box, {}); // 12 characters: 'drop', the least recently used, goes
    expect(cache.counts.characters).toBe(8);
    expect(cache.layOut(engine, text('kept'), box, {})).toBe(kept);
    expect(engine).toHaveBeenCalledTimes(3);
    cache.layOut(engine, text('drop'), box, {});
    expect(engine).toHaveBeenCalledTimes(4);
  });

  it('is called by react-pdf (the patch is in place), and a copy drawn again from kept lines reads as one drawn without them', async () => {
    const uncached = await readPdfText(await renderApplicationPdf(header, pages));
    const cache = installTextLayoutCache();
    expect(installTextLayoutCache()).toBe(cache);

    const first = await readPdfText(await renderApplicationPdf(header, pages));
    expect(cache.counts.laidOut).toBeGreaterThan(50);
    const laidOut = cache.counts.laidOut;
    const again = await readPdfText(await renderApplicationPdf(header, pages));
    // Every text of the same copy again is a kept one.
    expect(cache.counts.laidOut).toBe(laidOut);
    expect(cache.counts.kept).toBeGreaterThan(50);
    // A changed name is laid out anew; the rest is kept.
    const renamed = await readPdfText(await renderApplicationPdf({ ...header, applicantName: 'Grace Hopper' }, pages));
    expect(cache.counts.laidOut).toBeGreaterThan(laidOut);
    expect(cache.counts.laidOut).toBeLessThan(laidOut + 5);

    expect(first.lines).toEqual(uncached.lines);
    expect(again.lines).toEqual(uncached.lines);
    expect(first.lines.length).toBeGreaterThan(50);
    expect(renamed.lines[2]).toBe('Grace Hopper');
    // The name is in the header and in every page's footer; the rest reads as before.
    expect(renamed.lines.map((l) => l.replaceAll('Grace Hopper', 'Ada Lovelace'))).toEqual(uncached.lines);
  });
});
