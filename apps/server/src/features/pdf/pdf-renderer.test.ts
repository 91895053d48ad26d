import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  everyThreadsNice,
  newThreadsAt,
  niceOf,
  ownThreadId,
  THREAD_PRIORITIES_VISIBLE,
} from '../../infra/worker-threads/thread-nice.test-helper';
import { TYPICAL_HEADER, typicalPages } from './typical-copy.test-helper';
import { createPdfRenderer, type PdfRenderer } from './pdf-renderer';
import { readPdfText } from '../../../../../test/pdf-text';

const header = TYPICAL_HEADER;
const pages = typicalPages();

let renderer: PdfRenderer | undefined;
afterEach(async () => {
  vi.useRealTimers();
  await renderer?.close();
  renderer = undefined;
});

describe('the PDF drawing thread', () => {
  it('draws copies asked for at once, each answered under its own id, on a thread below the server in priority', async () => {
    const before = THREAD_PRIORITIES_VISIBLE ? everyThreadsNice() : new Map<string, number>();
    renderer = createPdfRenderer();
    const [a, b] = await Promise.all([
      renderer.render(header, pages),
      renderer.render({ ...header, applicantName: 'Grace Hopper' }, pages),
    ]);
    expect((await readPdfText(a)).lines[2]).toBe('Ada Lovelace');
    expect((await readPdfText(b)).lines[2]).toBe('Grace Hopper');
    if (THREAD_PRIORITIES_VISIBLE) {
      // The drawing thread (and any thread it started) runs at nice 10; this test's thread as it was.
      expect(newThreadsAt(10, before)).not.toEqual([]);
      expect(niceOf(ownThreadId())).toBe(before.get(ownThreadId()));
    }
  });

  it('keeps the text of every letter of a copy drawn after an accented name: Ángel first, then Ada', async () => {
    renderer = createPdfRenderer();
    // Á is drawn from the parts A and an acute: the thread's first letter sets them, but not the letter A.
    const letter = await readPdfText(
      await renderer.renderLetter({ title: 'Ángel Ñúñez', receivedOn: 'November 1', text: 'Ángel Ésta Ñúñez Ó' }),
    );
    expect(letter.lines.slice(0, 1)).toEqual(['Ángel Ñúñez']);
    const copy = await readPdfText(await renderer.render(header, pages));
    expect(copy.lines.slice(0, 3)).toEqual(['Northfield College', 'Graduate Application', 'Ada Lovelace']);
  });

  it("draws a copy asked for during the warm-up after it, timed from its own start: the warm-up's length fails nothing", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    // Resolves when the thread has said it is ready, and the renderer has heard it: the warm-up has begun.
    let heard!: () => void;
    const ready = new Promise<void>((resolve) => (heard = resolve));
    const emit = Worker.prototype.emit;
    const spy = vi.spyOn(Worker.prototype, 'emit').mockImplementation(function (this: Worker, event, ...args) {
      const listened = emit.call(this, event, ...args);
      if (event === 'message' && (args[0] as { ready?: boolean }).ready) heard();
      return listened;
    });
    onTestFinished(() => spy.mockRestore());

    renderer = createPdfRenderer({ timeoutMs: 1_000 });
    const warming = renderer.warm();
    const drawing = renderer.render(header, pages);
    await ready;
    // The warm-up runs five times as long as a drawing may: the drawing waits, untimed.
    vi.advanceTimersByTime(5_000);
    await warming;
    const pdf = await drawing;
    vi.useRealTimers();
    expect((await readPdfText(pdf)).lines[2]).toBe('Ada Lovelace');
  });

  it('fails a drawing that takes too long', async () => {
    renderer = createPdfRenderer({ timeoutMs: 1 });
    await expect(renderer.render(header, pages)).rejects.toThrow('PDF drawing took longer than 1 ms');
  });

  it('fails what is waiting when it is closed', async () => {
    renderer = createPdfRenderer();
    const waiting = expect(renderer.render(header, pages)).rejects.toThrow('PDF renderer closed');
    await renderer.close();
    await waiting;
  });
});
