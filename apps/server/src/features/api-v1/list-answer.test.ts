import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listAnswer } from './list-answer';

describe("a page's answer", () => {
  it('is the JSON of the page: its applications as they are, then the next cursor', () => {
    const texts = ['{"id":"a","name":"Zoë ’s"}', '{"id":"b"}'];
    const answer = listAnswer(texts, 'next.cursor', new EventEmitter());
    expect(answer.toString('utf8')).toBe(`{"data":[${texts.join(',')}],"next_cursor":"next.cursor"}`);
    expect(JSON.parse(listAnswer([], null, new EventEmitter()).toString())).toEqual({ data: [], next_cursor: null });
  });

  it('is never written over while its response is being sent; its memory serves another once that has finished', () => {
    const first = new EventEmitter();
    const a = listAnswer(['{"id":"first"}'], null, first);
    const sent = Buffer.from(a);
    // Answers made while the first is still being sent take memory of their own.
    const b = listAnswer(['{"id":"second, longer than the first"}'], 'c', new EventEmitter());
    expect(b.buffer).not.toBe(a.buffer);
    expect(a.equals(sent)).toBe(true);
    // Once the first response has finished, the next answer is written where it was.
    first.emit('finish');
    const c = listAnswer(['{"id":"third"}'], null, new EventEmitter());
    expect(c.buffer).toBe(a.buffer);
    expect(JSON.parse(c.toString())).toEqual({ data: [{ id: 'third' }], next_cursor: null });
  });
});
