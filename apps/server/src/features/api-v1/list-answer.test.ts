import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listAnswer } from './list-answer';

describe("a page's answer", () => {
  it('is the JSON of the page: its applications as they are, their pieces in order, then the next cursor', () => {
    const texts = [['{"id":"a",', '"name":"Zoë ’s"}'], ['{"id":"b"}']];
    const answer = listAnswer(texts, 'next.cursor', new EventEmitter());
    expect(answer.toString('utf8')).toBe(
      `{"data":[{"id":"a","name":"Zoë ’s"},{"id":"b"}],"next_cursor":"next.cursor"}`,
    );
    expect(JSON.parse(listAnswer([], null, new EventEmitter()).toString())).toEqual({ data: [], next_cursor: null });
  });

  it('holds every byte of text whose characters take 2, 3 and 4 bytes each', () => {
    const name = `${'é'.repeat(40_000)}${'’'.repeat(40_000)}${'😀'.repeat(40_000)}`;
    const texts = [['{"name":', JSON.stringify(name), '}'], ['{"id":"last"}']];
    const answer = listAnswer(texts, null, new EventEmitter());
    expect(answer.length).toBe(Buffer.byteLength(`{"data":[{"name":"${name}"},{"id":"last"}],"next_cursor":null}`));
    expect(JSON.parse(answer.toString('utf8'))).toEqual({ data: [{ name }, { id: 'last' }], next_cursor: null });
  });

  it('is never written over while its response is being sent; its memory serves another once that has finished', () => {
    const first = new EventEmitter();
    const a = listAnswer([['{"id":"first"}']], null, first);
    const sent = Buffer.from(a);
    // Answers made while the first is still being sent take memory of their own.
    const b = listAnswer([['{"id":"second, longer than the first"}']], 'c', new EventEmitter());
    expect(b.buffer).not.toBe(a.buffer);
    expect(a.equals(sent)).toBe(true);
    // Once the first response has finished, the next answer is written where it was.
    first.emit('finish');
    const c = listAnswer([['{"id":"third"}']], null, new EventEmitter());
    expect(c.buffer).toBe(a.buffer);
    expect(JSON.parse(c.toString())).toEqual({ data: [{ id: 'third' }], next_cursor: null });
  });

  it('serves a page somewhat larger than the last from the same memory', () => {
    const first = new EventEmitter();
    const a = listAnswer([[JSON.stringify({ id: 'x'.repeat(46_000) })]], null, first);
    first.emit('finish');
    // Nearly half as large again: the same buffer holds it, where sizes rounded to 64 KB would have made one anew.
    const b = listAnswer([[JSON.stringify({ id: 'y'.repeat(66_000) })]], null, new EventEmitter());
    expect(b.buffer === a.buffer).toBe(true);
    const shown = JSON.parse(b.toString()) as { data: { id: string }[]; next_cursor: null };
    expect(shown.data[0]!.id === 'y'.repeat(66_000)).toBe(true);
  });
});
